import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { currentlyReading } from '@shared/api/profiles';
import { BookCover } from '../../components/book-cover';
import { authorPath, workPath } from '../../paths';

type ReadingBook = z.infer<typeof currentlyReading>;

export const NO_BOOKS_IN_PROGRESS = 'No books currently in progress.';

function ReadingBookRow({ book }: { book: ReadingBook }) {
  const percent = Math.round(book.progress_percent);
  return (
    <Group component="li" gap="md" wrap="nowrap" align="flex-start">
      <BookCover
        url={book.cover_url}
        title={book.title}
        author={book.author?.name}
        workId={book.work_id}
        width={56}
      />
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Anchor
          component={Link}
          to={workPath(book.work_id, book.edition_id)}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {book.title}
        </Anchor>
        {book.author && (
          <Anchor component={Link} to={authorPath(book.author.id)} size="sm" c="dimmed">
            {book.author.name}
          </Anchor>
        )}
        <Group gap="xs" wrap="nowrap">
          <Progress value={percent} style={{ flex: 1 }} aria-label={`${book.title} progress`} />
          <Text size="xs" c="dimmed" w={36} ta="right">
            {percent}%
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

/** The reader's books in progress, from their public reading events (SPEC.md §2 "Public profile"). */
export function ReadingNow({ books }: { books: ReadingBook[] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-reading">
      <Stack gap="md">
        <Title order={2} size="h3" id="profile-reading">
          Currently Reading
        </Title>
        {books.length === 0 ? (
          <Text c="dimmed">{NO_BOOKS_IN_PROGRESS}</Text>
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {books.map((book) => (
              <ReadingBookRow key={book.edition_id} book={book} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

// One book on a discovery page (issue 28): cover, title and author opening the work, the community's rating,
// and the page's own line about it (what is trending about it, when it is published, why it is recommended).
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DiscoveryBook } from '@shared/api/discovery';
import { BookCover } from '../../components/book-cover';
import { workPath } from '../../paths';
import { ratingLine } from '../search/search-hit-card';

export function DiscoveryCard({
  book,
  line,
  action,
}: {
  book: DiscoveryBook;
  /** The page's line about the book: a string, or parts (a recommendation's reason sets its title in italics). */
  line: ReactNode;
  /** A control under the line (Recommended's "Not interested"). */
  action?: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" radius="md" component="li" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BookCover
          url={book.cover_url}
          title={book.title}
          author={book.author_names}
          workId={book.work_id}
          width={64}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={workPath(book.work_id)}
            fw={600}
            c="inherit"
            style={{ overflowWrap: 'anywhere' }}
          >
            {book.title}
          </Anchor>
          {book.author_names && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              by {book.author_names}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {ratingLine(book.rating_average, book.rating_count)}
          </Text>
          {line && (
            <Text size="sm" fw={500} mt={4}>
              {line}
            </Text>
          )}
          {action}
        </Stack>
      </Group>
    </Card>
  );
}

// Year in Books: first and last book, longest and shortest, most-read author, fastest read, DNF count and
// the average rating given; each book with its cover and a link to it.
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ReadingInsightsResponse } from '@shared/api/insights';
import { BookCover } from '../../components/book-cover';
import { ChartCard } from './chart-card';

type Book = NonNullable<ReadingInsightsResponse['yearInBooks']['first']>;

function BookTile({ label, book, detail }: { label: string; book: Book; detail?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BookCover url={book.cover_url} title={book.title} width={48} />
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Anchor component={Link} to={`/work/${book.work_id}/${book.edition_id}`} fw={600} lineClamp={2}>
            {book.title}
          </Anchor>
          {detail && <Text size="sm">{detail}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}

function FigureTile({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Paper>
  );
}

export function YearInBooks({ insights }: { insights: ReadingInsightsResponse }) {
  const y = insights.yearInBooks;
  const title = `Year in Books: ${insights.period === 'all' ? 'all time' : insights.period}`;
  return (
    <ChartCard
      title={title}
      empty={y.first || y.dnf ? null : 'Finish a book in this period to build your Year in Books.'}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {y.first && <BookTile label="First book" book={y.first} />}
        {y.last && <BookTile label="Last book" book={y.last} />}
        {y.longest && <BookTile label="Longest book" book={y.longest} detail={`${y.longest.pages} pages`} />}
        {y.shortest && (
          <BookTile label="Shortest book" book={y.shortest} detail={`${y.shortest.pages} pages`} />
        )}
        {y.fastest && (
          <BookTile
            label="Fastest read"
            book={y.fastest}
            detail={
              y.fastest.days === 1
                ? 'Started and finished in a day'
                : `${y.fastest.days} days, start to finish`
            }
          />
        )}
        {y.topAuthor && (
          <FigureTile label="Most-read author">
            <Anchor component={Link} to={`/author/${y.topAuthor.id}`}>
              {y.topAuthor.name}
            </Anchor>{' '}
            ({y.topAuthor.books} {y.topAuthor.books === 1 ? 'book' : 'books'})
          </FigureTile>
        )}
        <FigureTile label="Did not finish">{y.dnf}</FigureTile>
        <FigureTile label="Average rating given">
          {y.averageRating === null ? 'No ratings yet' : y.averageRating.toFixed(2)}
        </FigureTile>
      </SimpleGrid>
    </ChartCard>
  );
}

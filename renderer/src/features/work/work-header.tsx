// The top of the work page (SPEC.md §2): cover, title, authors, first-published date string, average
// rating with its count, and the genre badges.
import { Anchor, Badge, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { work as workSchema } from '@shared/api/catalogue';
import { seriesLabel } from '@shared/domain/library-import/series';
import { BookCover } from '../../components/book-cover';
import { useSfQuery } from '../../hooks/use-sf-query';
import classes from './work-page.module.css';
import { authorPath } from '../../paths';

type Work = z.infer<typeof workSchema>;

/** rating_sum / rating_count to 2 decimals, or null when nobody has rated the work. */
export function averageRating(work: Pick<Work, 'rating_sum' | 'rating_count'>): string | null {
  return work.rating_count > 0 ? (work.rating_sum / work.rating_count).toFixed(2) : null;
}

function RatingSummary({ work }: { work: Work }) {
  const average = averageRating(work);
  if (average === null) return <Text c="dimmed">No ratings yet</Text>;
  return (
    <Text>
      <Text span fw={700}>
        <span aria-hidden="true">★ </span>
        <VisuallyHidden>Average rating </VisuallyHidden>
        {average}
      </Text>{' '}
      <Text span c="dimmed">
        ({work.rating_count} {work.rating_count === 1 ? 'rating' : 'ratings'})
      </Text>
    </Text>
  );
}

function GenreBadges({ workId }: { workId: string }) {
  const genres = useSfQuery('work-genres', { work_id: workId });
  if (genres.isPending) return <Skeleton h={20} w={160} />;
  // Genres are decoration here: without them the page still says everything it must.
  if (genres.isError || genres.data.genres.length === 0) return null;
  return (
    <Group gap={6} aria-label="Genres" role="list">
      {genres.data.genres.map((genre) => (
        <Badge key={genre.id} variant="light" tt="none" role="listitem">
          {genre.name}
        </Badge>
      ))}
    </Group>
  );
}

export function WorkHeader({ work, coverUrl }: { work: Work; coverUrl: string | null }) {
  return (
    <div className={classes.header}>
      <BookCover
        url={coverUrl}
        title={work.title}
        author={work.work_authors[0]?.authors.name}
        workId={work.id}
        width={120}
        eager
      />
      <Stack gap={6} miw={0}>
        <Title order={1} className={classes.breakable}>
          {work.title}
        </Title>
        {work.series && (
          <Text className={classes.breakable} fw={500}>
            {seriesLabel(work.series)}
          </Text>
        )}
        {work.work_authors.length > 0 && (
          <Text className={classes.breakable}>
            by{' '}
            {work.work_authors.map(({ authors }, index) => (
              <Fragment key={authors.id}>
                {index > 0 && ', '}
                <Anchor component={Link} to={authorPath(authors.id)}>
                  {authors.name}
                </Anchor>
              </Fragment>
            ))}
          </Text>
        )}
        {work.date_string && <Text c="dimmed">First published {work.date_string}</Text>}
        <RatingSummary work={work} />
        <GenreBadges workId={work.id} />
      </Stack>
    </div>
  );
}

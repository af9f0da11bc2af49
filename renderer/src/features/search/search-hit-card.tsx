import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { searchWorkHit } from '@shared/api/catalogue';
import type { shelfStatus } from '@shared/api/find-books';
import { BookCover } from '../../components/book-cover';
import classes from './search-hit-card.module.css';
import { workPath } from '../../paths';

export type SearchHit = z.infer<typeof searchWorkHit>;
type ShelfRef = z.infer<typeof shelfStatus>['shelves'][number];

export const TO_BE_READ = 'To Be Read';

/** "4.25 average · 12 ratings", the community's figures a reader decides by; null before any rating. */
export function ratingLine(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No ratings yet';
  return `${average.toFixed(2)} average · ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

export interface HitShelves {
  /** The reader's shelves holding the work; undefined while unknown or signed out. */
  shelves: ShelfRef[] | undefined;
  adding: boolean;
  onToBeRead(): void;
}

/**
 * One search result (SPEC.md §2): the title, authors and rank open the work; beside them the cover, first
 * year and community rating (issue 26), and for a signed-in reader the shelves it is on with a one-click
 * "To Be Read".
 */
export function SearchHitCard({ hit, shelf }: { hit: SearchHit; shelf?: HitShelves | undefined }) {
  const facts = [
    hit.first_publish_year !== null && `First published ${hit.first_publish_year}`,
    ratingLine(hit.rating_average, hit.rating_count),
  ].filter(Boolean);
  const onToBeRead = shelf?.shelves?.some((s) => s.slug === 'to-be-read') ?? false;
  return (
    <Card withBorder padding="md" className={classes.card}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <BookCover
          url={hit.cover_url}
          title={hit.work_title}
          author={hit.author_names}
          workId={hit.work_id}
          width={56}
        />
        <Anchor
          component={Link}
          to={workPath(hit.work_id)}
          className={classes.link}
          underline="never"
          c="inherit"
        >
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hit.work_title}
          </Text>
          {hit.author_names && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              by {hit.author_names}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {facts.join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            Rank: {hit.rank.toFixed(3)}
          </Text>
        </Anchor>
        {shelf?.shelves && (
          <Stack gap={4} align="flex-end" className={classes.shelf}>
            {shelf.shelves.length > 0 && (
              <Text size="xs" c="dimmed" ta="right">
                On {shelf.shelves.map((s) => s.name).join(', ')}
              </Text>
            )}
            {!onToBeRead && hit.primary_edition_id && (
              <Button
                size="xs"
                variant="light"
                loading={shelf.adding}
                onClick={shelf.onToBeRead}
                aria-label={`Add ${hit.work_title} to ${TO_BE_READ}`}
              >
                {TO_BE_READ}
              </Button>
            )}
          </Stack>
        )}
      </Group>
    </Card>
  );
}

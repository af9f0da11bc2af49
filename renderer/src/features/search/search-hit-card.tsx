import { Card, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { searchHit } from '@shared/api/catalogue';
import classes from './search-hit-card.module.css';
import { workPath } from '../../paths';

export type SearchHit = z.infer<typeof searchHit>;

/** One search result (SPEC.md §2): the whole card opens the work, and its words are the link's name. */
export function SearchHitCard({ hit }: { hit: SearchHit }) {
  return (
    <Card component={Link} to={workPath(hit.work_id)} withBorder padding="md" className={classes.card}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {hit.work_title}
      </Text>
      {hit.author_names && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          by {hit.author_names}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        Rank: {hit.rank.toFixed(3)}
      </Text>
    </Card>
  );
}

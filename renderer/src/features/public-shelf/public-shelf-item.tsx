import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShelfItem } from '@shared/api/shelves';
import { formatShortDate } from '../../lib/format-date';
import { authorPath, workPath } from '../../paths';

/** One book on a public shelf (SPEC.md §2 "Public shelf"): the edition opens on its work page. */
export function PublicShelfItem({ item }: { item: ShelfItem }) {
  const [first, ...others] = item.editions.edition_authors.map((a) => a.authors);
  const details = [
    item.editions.page_count != null ? `${item.editions.page_count} pages` : null,
    item.my_rating != null ? `Rating: ${item.my_rating}` : null,
    item.average_rating != null ? `Avg: ${item.average_rating.toFixed(2)}` : null,
    `Added ${formatShortDate(item.added_at)}`,
  ].filter((detail): detail is string => detail !== null);

  return (
    <Paper withBorder p="md" component="li">
      <Stack gap={4}>
        <Anchor
          component={Link}
          to={workPath(item.works.id, item.editions.id)}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.editions.title}
        </Anchor>
        {first && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            by{' '}
            <Anchor component={Link} to={authorPath(first.id)} inherit>
              {first.name}
            </Anchor>
            {others.length > 0 && `, ${others.map((a) => a.name).join(', ')}`}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          {details.map((detail) => (
            <Text key={detail} size="xs" c="dimmed">
              {detail}
            </Text>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

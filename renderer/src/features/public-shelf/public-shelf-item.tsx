import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShelfItem } from '@shared/api/shelves';
import { formatShortDate } from '../../lib/format-date';
import { authorPath, workPath } from '../../paths';

export const NOT_IN_CATALOGUE = 'Added by this reader; not in the catalogue yet';

/**
 * One book on a public shelf (SPEC.md §2 "Public shelf"): the edition opens on its work page. A book the
 * shelf's owner added to the catalogue themselves, not yet verified (issue 26), has no page others may
 * open: it shows unlinked, its author too, and says why.
 */
export function PublicShelfItem({ item }: { item: ShelfItem }) {
  const [first, ...others] = item.editions.edition_authors.map((a) => a.authors);
  const inCatalogue = item.works.verified !== false;
  const details = [
    item.editions.page_count != null ? `${item.editions.page_count} pages` : null,
    item.my_rating != null ? `Rating: ${item.my_rating}` : null,
    item.average_rating != null ? `Avg: ${item.average_rating.toFixed(2)}` : null,
    `Added ${formatShortDate(item.added_at)}`,
  ].filter((detail): detail is string => detail !== null);

  return (
    <Paper withBorder p="md" component="li">
      <Stack gap={4}>
        {inCatalogue ? (
          <Anchor
            component={Link}
            to={workPath(item.works.id, item.editions.id)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.editions.title}
          </Anchor>
        ) : (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.editions.title}
          </Text>
        )}
        {first && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            by{' '}
            {inCatalogue ? (
              <Anchor component={Link} to={authorPath(first.id)} inherit>
                {first.name}
              </Anchor>
            ) : (
              first.name
            )}
            {others.length > 0 && `, ${others.map((a) => a.name).join(', ')}`}
          </Text>
        )}
        {!inCatalogue && (
          <Text size="xs" c="dimmed">
            {NOT_IN_CATALOGUE}
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

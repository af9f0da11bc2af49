import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { shelfIdPath } from '../../paths';

export const NO_SHELVES = 'No shelves.';

interface ShelfCount {
  id: string;
  name: string;
  count: number;
}

/**
 * The reader's shelves with their item counts, each opening the shelf (SPEC.md §2 "Public profile"). The
 * server lists at most as many as a reader may make; for a larger set from before that limit, `total` says
 * how many there are.
 */
export function ProfileShelves({ shelves, total }: { shelves: ShelfCount[]; total: number }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-shelves">
      <Stack gap="md">
        <Title order={2} size="h3" id="profile-shelves">
          Shelves
        </Title>
        {shelves.length === 0 ? (
          <Text c="dimmed">{NO_SHELVES}</Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shelves.map((shelf) => (
              <li key={shelf.id}>
                <Anchor
                  component={Link}
                  to={shelfIdPath(shelf.id)}
                  aria-label={`${shelf.name}, ${shelf.count} ${shelf.count === 1 ? 'book' : 'books'}`}
                  display="block"
                  py={6}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text inherit style={{ overflowWrap: 'anywhere' }}>
                      {shelf.name}
                    </Text>
                    {/* The space keeps the visible words "name count" apart, as the link's name has them. */}{' '}
                    <Badge variant="light" color="gray">
                      {shelf.count}
                    </Badge>
                  </Group>
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
        {total > shelves.length && (
          <Text c="dimmed" size="sm">
            {`Showing ${shelves.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} shelves.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

// My Books (SPEC.md §2): 'My Shelves', every shelf of the reader (built-ins first, then custom, as
// list-shelves orders them) linking to /shelf/{id} with its item count (0 when the count is missing).
// Below 640 px a plain list; wider, the same shelves as a grid of cards.
import {
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Shelf } from '@shared/api/shelves';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { ImportExportButton } from '../imports/import-export-links';
import classes from './my-books.module.css';
import { shelfIdPath } from '../../paths';

const SKELETON_SHELVES = 5;

export function MyBooksPage() {
  usePageTitle('My Books');
  const shelves = useSfQuery('list-shelves', {});
  const counts = useSfQuery('shelf-counts', {});

  let body;
  if (shelves.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading shelves">
        {Array.from({ length: SKELETON_SHELVES }, (_, i) => (
          <Skeleton key={i} height={52} radius="md" />
        ))}
      </Stack>
    );
  } else if (shelves.isError) {
    // Same words as a shelf that fails to load; shelf failures are otherwise silent (SPEC.md §8).
    body = <Text c="dimmed">Failed to load shelves</Text>;
  } else {
    body = (
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" className={classes.list}>
        {shelves.data.map((shelf) => (
          <ShelfEntry key={shelf.id} shelf={shelf} count={counts.data?.counts[shelf.id] ?? 0} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={1}>My Books</Title>
          <ImportExportButton />
        </Group>
        <Stack gap="sm" component="section" aria-labelledby="my-shelves-heading">
          <Title order={2} size="h3" id="my-shelves-heading">
            My Shelves
          </Title>
          {body}
        </Stack>
      </Stack>
    </Container>
  );
}

function ShelfEntry({ shelf, count }: { shelf: Shelf; count: number }) {
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={shelfIdPath(shelf.id)}
        className={classes.link}
        aria-label={`${shelf.name}, ${count} ${count === 1 ? 'book' : 'books'}`}
      >
        <Paper withBorder p="md" className={classes.card}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={500} className={classes.name}>
              {shelf.name}
            </Text>
            {/* The space keeps the visible words "name count" apart, as the link's name has them. */}{' '}
            <Badge variant="light">{count}</Badge>
          </Group>
        </Paper>
      </UnstyledButton>
    </li>
  );
}

// The shelf a signed-out visitor sees at /shelf/{id} (SPEC.md §2 "Public shelf", §8): its name, its owner,
// its books. Every shelf is public (shared/api/shelves.ts); pages of 100 follow the sort_key cursor.
import { Alert, Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MAX_SHELF_PAGE_SIZE } from '@shared/api/shelves';
import { usePageTitle } from '../../hooks/use-page-title';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { isNotFound, loadFailureMessage } from '../../lib/load-failure';
import { PublicShelfItem } from './public-shelf-item';
import { userPath } from '../../paths';

export const SHELF_EMPTY = 'This shelf is empty.';
export const SHELF_NOT_FOUND = 'Shelf not found';
export const SHELF_LOAD_FAILED = 'Failed to load shelf';

export interface PublicShelfViewProps {
  shelfId: string;
}

function ShelfSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading shelf">
      <Skeleton height={28} width="50%" />
      <Skeleton height={14} width={120} />
      {[0, 1, 2, 3, 4].map((row) => (
        <Paper key={row} withBorder p="md">
          <Skeleton height={14} width="70%" />
          <Skeleton height={12} width="40%" mt={8} />
        </Paper>
      ))}
    </Stack>
  );
}

export default function PublicShelfView({ shelfId }: PublicShelfViewProps) {
  const backend = useBackend();
  const limit = MAX_SHELF_PAGE_SIZE;
  const pages = useInfiniteQuery({
    // Under the public-shelf key, so invalidating sfQueryKey('public-shelf') reaches this list too.
    queryKey: [...sfQueryKey('public-shelf', { shelf_id: shelfId, limit }), 'pages'],
    queryFn: ({ pageParam }) => backend.sf('public-shelf', { shelf_id: shelfId, limit, after: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.items.length < limit ? undefined : (last.items[last.items.length - 1]?.sort_key ?? undefined),
  });
  const loaded = pages.data?.pages ?? [];
  const first = loaded[0];
  usePageTitle(first ? first.shelf.name : pages.isError ? SHELF_NOT_FOUND : 'Shelf');

  let body;
  if (pages.isError && !first) {
    body = isNotFound(pages.error) ? (
      <Title order={1}>{SHELF_NOT_FOUND}</Title>
    ) : (
      <Alert color="red">{loadFailureMessage(pages.error, SHELF_LOAD_FAILED)}</Alert>
    );
  } else if (!first) {
    body = <ShelfSkeleton />;
  } else {
    const items = loaded.flatMap((page) => page.items);
    body = (
      <>
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {first.shelf.name}
          </Title>
          <Anchor component={Link} to={userPath(first.shelf.username)} c="dimmed">
            @{first.shelf.username}
          </Anchor>
        </Stack>
        {items.length === 0 ? (
          <Text c="dimmed">{SHELF_EMPTY}</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label="Books on this shelf"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {items.map((item) => (
              <PublicShelfItem key={item.sort_key} item={item} />
            ))}
          </Stack>
        )}
        {pages.isFetchNextPageError && (
          <Alert color="red">{loadFailureMessage(pages.error, SHELF_LOAD_FAILED)}</Alert>
        )}
        {pages.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">{body}</Stack>
    </Container>
  );
}

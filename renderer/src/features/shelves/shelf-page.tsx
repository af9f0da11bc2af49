// The reader's own shelf (SPEC.md §2 "Shelf page"), by built-in slug (/read) or id (/shelf/{id}). A shelf
// id that is not among the reader's shelves is someone else's: it gets the public view instead.
import { Box, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { Shelf } from '@shared/api/shelves';
import { PageLoader } from '../../components/page-loader';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSfQuery } from '../../hooks/use-sf-query';
import { ShelfItemsView } from './shelf-items-view';
import { ShelfPicker, ShelfSidebar } from './shelf-navigation';
import { builtinShelfName, findShelf } from './shelf-paths';
import { ShelfTable } from './shelf-table';
import { ShelfCardList } from './shelf-card-list';
import { useIsMobile } from './use-is-mobile';

const PublicShelfView = lazy(() => import('../public-shelf/public-shelf-view'));

export interface ShelfPageProps {
  /** A built-in slug ('read') or a shelf id. */
  shelf: { slug: string } | { id: string };
}

export default function ShelfPage({ shelf }: ShelfPageProps) {
  // Always re-read on arrival: a shelf made a moment ago (another tab, another device) must not be taken
  // for someone else's because the cached list predates it.
  const shelves = useSfQuery('list-shelves', {}, { staleTime: 0 });
  // Remembered per id, so moving on to another shelf tries the owner's view again.
  const [notOwnedId, setNotOwnedId] = useState<string | null>(null);
  const shelfId = 'id' in shelf ? shelf.id : null;
  const onNotFound = useCallback(() => setNotOwnedId(shelfId), [shelfId]);

  const current = shelves.data ? findShelf(shelves.data, shelf) : null;
  const notMine = shelves.isError || (shelves.data && !current && !shelves.isFetching);
  if (shelfId !== null && (notOwnedId === shelfId || notMine)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <PublicShelfView shelfId={shelfId} />
      </Suspense>
    );
  }
  return (
    <OwnShelf
      shelves={shelves.data ?? null}
      current={current}
      fallbackName={'slug' in shelf ? builtinShelfName(shelf.slug) : null}
      failed={shelves.isError}
      onNotFound={shelfId !== null ? onNotFound : undefined}
    />
  );
}

function OwnShelf({
  shelves,
  current,
  fallbackName,
  failed,
  onNotFound,
}: {
  shelves: Shelf[] | null;
  current: Shelf | null;
  fallbackName: string | null;
  failed: boolean;
  onNotFound?: () => void;
}) {
  const isMobile = useIsMobile();
  usePageTitle(current?.name ?? fallbackName);

  let content;
  if (current && shelves) {
    content = (
      <ShelfItemsView
        key={current.id}
        shelf={current}
        shelves={shelves}
        isMobile={isMobile}
        onNotFound={onNotFound}
      />
    );
  } else if (failed) {
    content = (
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Title order={1}>{fallbackName}</Title>
        <Text c="dimmed">Failed to load shelf</Text>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} role="status" aria-label="Loading shelves">
        <Skeleton height={34} width="40%" />
        {isMobile ? (
          <ShelfCardList items={[]} loading {...noActions} />
        ) : (
          <ShelfTable items={[]} loading {...noActions} />
        )}
      </Stack>
    );
  }

  if (isMobile) {
    return (
      <Box px="md" py="lg">
        <Stack gap="lg">
          <ShelfPicker shelves={shelves} current={current} />
          {content}
        </Stack>
      </Box>
    );
  }
  return (
    <Box px="xl" py="xl" maw={1400} mx="auto">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <ShelfSidebar shelves={shelves} current={current} />
        {content}
      </Group>
    </Box>
  );
}

const noActions = { onAddToShelves: () => undefined, onRemove: () => undefined };

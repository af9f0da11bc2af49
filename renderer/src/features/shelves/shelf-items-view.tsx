// One shelf's heading, sort controls and books (SPEC.md §2 shelf page, §4 paging and sorting): 5 skeleton
// rows while loading, 'This shelf is empty.' when empty, more pages as the reader scrolls.
import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Shelf, ShelfItem } from '@shared/api/shelves';
import { SfError } from '../../platform/errors';
import { AddToShelvesDialog } from './add-to-shelves-dialog';
import { ReorderArea } from './reorder-dnd';
import { ShelfCardList } from './shelf-card-list';
import { itemId } from './shelf-items-cache';
import { canReorder, sortShelfItems } from './shelf-sort';
import { ShelfTable } from './shelf-table';
import { SortControls } from './sort-controls';
import type { SortState } from './sort-controls';
import { useShelfItems } from './use-shelf-items';
import { useWhenVisible } from './use-when-visible';
import classes from './shelf-rows.module.css';
import { EmptyState } from '../../components/empty-state';

export interface ShelfItemsViewProps {
  shelf: Shelf;
  /** Every shelf of the reader, for the Add to Shelves dialog. */
  shelves: Shelf[];
  isMobile: boolean;
  /** The server says this is not the reader's shelf (it answers 404 for other people's shelves). */
  onNotFound?: () => void;
}

export function ShelfItemsView({ shelf, shelves, isMobile, onNotFound }: ShelfItemsViewProps) {
  const { query, items, removeItem, moveItem, forgetItem } = useShelfItems(shelf.id);
  const [sort, setSort] = useState<SortState>({ mode: 'original', direction: 'asc' });
  const [dialogItem, setDialogItem] = useState<ShelfItem | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => sortShelfItems(items, sort.mode, sort.direction), [items, sort]);
  const ids = useMemo(() => shown.map(itemId), [shown]);
  const titles = useMemo(() => new Map(shown.map((i) => [itemId(i), i.editions.title])), [shown]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useWhenVisible(
    sentinel,
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    hasNextPage && !isFetchingNextPage,
    items.length,
  );

  const notFound = query.error instanceof SfError && query.error.status === 404;
  useEffect(() => {
    if (notFound) onNotFound?.();
  }, [notFound, onNotFound]);

  const loading = query.isPending;
  const actions = { onAddToShelves: setDialogItem, onRemove: (item: ShelfItem) => removeItem(itemId(item)) };

  let body;
  if (query.isError && items.length === 0) {
    // Wording of the public shelf's failure (SPEC.md §8); a signed-in reader's own shelf failing to load
    // needs some words, where the changes to it fail silently.
    body = <Text c="dimmed">Failed to load shelf</Text>;
  } else if (!loading && items.length === 0 && !hasNextPage) {
    body = (
      <EmptyState
        message="This shelf is empty."
        hint="Find a book with the search box, then tick this shelf under Your Lists on its page."
      />
    );
  } else {
    body = (
      <ReorderArea
        ids={ids}
        enabled={canReorder(sort.mode) && !loading}
        titleOf={(id) => titles.get(id) ?? ''}
        onMove={moveItem}
        renderOverlay={(id) => (
          // Fills the overlay, which dnd-kit sizes to the lifted row, so the dragged box is the row's.
          <Paper shadow="md" px="sm" withBorder h="100%" className={classes.overlay}>
            <Text size="sm" fw={500} lineClamp={1}>
              {titles.get(id)}
            </Text>
          </Paper>
        )}
      >
        {isMobile ? (
          <ShelfCardList items={shown} loading={loading} {...actions} />
        ) : (
          <ShelfTable items={shown} loading={loading} {...actions} />
        )}
      </ReorderArea>
    );
  }

  return (
    <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {shelf.name}
        </Title>
        <SortControls value={sort} onChange={setSort} isCustomShelf={shelf.slug === null} />
      </Group>
      {body}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" aria-label="Loading more books" />
        </Center>
      )}
      <AddToShelvesDialog
        item={dialogItem}
        shelves={shelves}
        currentShelfId={shelf.id}
        onLeftCurrentShelf={forgetItem}
        onClose={() => setDialogItem(null)}
      />
    </Stack>
  );
}

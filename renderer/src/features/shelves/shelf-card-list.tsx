// The shelf below 640 px (SPEC.md §2): a list of cards with cover, title and author, plus the same drag
// handle and row menu as the table.
import { Anchor, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShelfItem } from '@shared/api/shelves';
import { BookCover } from '../../components/book-cover';
import { DragHandle } from './drag-handle';
import { useReorderableRow } from './reorder-dnd';
import { RowMenu } from './row-menu';
import { itemId } from './shelf-items-cache';
import { itemWorkPath } from './shelf-paths';
import classes from './shelf-rows.module.css';
import { AuthorLinks, SKELETON_ROWS } from './shelf-table';
import type { RowActions } from './shelf-table';

const COVER_WIDTH = 48;

export function ShelfCardList({
  items,
  loading,
  ...actions
}: { items: ShelfItem[]; loading: boolean } & RowActions) {
  if (loading) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading shelf" aria-busy="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} height={Math.round(COVER_WIDTH * 1.5) + 24} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Books on this shelf">
      {items.map((item) => (
        <ShelfCard key={itemId(item)} item={item} {...actions} />
      ))}
    </Stack>
  );
}

function ShelfCard({ item, onAddToShelves, onRemove }: { item: ShelfItem } & RowActions) {
  const { setNodeRef, isDragging, dropSide, ...handle } = useReorderableRow(itemId(item));
  const title = item.editions.title;
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p="sm"
      className={classes.card}
      data-drop={dropSide ?? undefined}
      data-dragging={isDragging || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <DragHandle {...handle} title={title} />
        <BookCover
          url={item.editions.cover_url}
          title={title}
          author={item.editions.edition_authors[0]?.authors.name}
          workId={item.works.id}
          width={COVER_WIDTH}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={itemWorkPath(item)} fw={500} className={classes.title}>
            {title}
          </Anchor>
          <AuthorLinks item={item} />
        </Stack>
        <RowMenu title={title} onAddToShelves={() => onAddToShelves(item)} onRemove={() => onRemove(item)} />
      </Group>
    </Paper>
  );
}

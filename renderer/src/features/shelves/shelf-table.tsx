// The desktop shelf (SPEC.md §2): #, Title, Author, Avg, Rating, Date Added, Pages and a row menu.
import { Anchor, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { ShelfItem } from '@shared/api/shelves';
import { formatShortDate } from '../../lib/format-date';
import { DragHandle } from './drag-handle';
import { useReorderableRow } from './reorder-dnd';
import { RowMenu } from './row-menu';
import { authorPath } from '../../paths';
import { itemWorkPath } from './shelf-paths';
import classes from './shelf-rows.module.css';
import { itemId } from './shelf-items-cache';
import { StarRow } from './star-row';

export const SKELETON_ROWS = 5;

/** The Avg column's stars: the work's real community average (issue 26 replaces SPEC's placeholder 4.2). */
export function averageLabel(item: ShelfItem): string {
  if (item.average_rating === null) return 'No ratings yet';
  const count = `${item.rating_count} ${item.rating_count === 1 ? 'rating' : 'ratings'}`;
  return `Community average ${item.average_rating.toFixed(2)} of 5 from ${count}`;
}

export interface RowActions {
  onAddToShelves(item: ShelfItem): void;
  onRemove(item: ShelfItem): void;
}

export function ShelfTable({
  items,
  loading,
  ...actions
}: { items: ShelfItem[]; loading: boolean } & RowActions) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>#</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Author</Table.Th>
            <Table.Th>Avg</Table.Th>
            <Table.Th>Rating</Table.Th>
            <Table.Th>Date Added</Table.Th>
            <Table.Th>Pages</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {loading ? (
          <Table.Tbody aria-label="Loading shelf" aria-busy="true">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Tr key={i}>
                {Array.from({ length: 8 }, (_, j) => (
                  <Table.Td key={j}>
                    <Skeleton height={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        ) : (
          <Table.Tbody>
            {items.map((item, index) => (
              <ShelfRow key={itemId(item)} item={item} position={index + 1} {...actions} />
            ))}
          </Table.Tbody>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

function ShelfRow({
  item,
  position,
  onAddToShelves,
  onRemove,
}: { item: ShelfItem; position: number } & RowActions) {
  const { setNodeRef, isDragging, dropSide, ...handle } = useReorderableRow(itemId(item));
  const title = item.editions.title;
  return (
    <Table.Tr
      ref={setNodeRef}
      className={classes.row}
      data-drop={dropSide ?? undefined}
      data-dragging={isDragging || undefined}
    >
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <DragHandle {...handle} title={title} size="sm" />
          <Text size="sm">{position}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={itemWorkPath(item)} fw={500} className={classes.title}>
          {title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <AuthorLinks item={item} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{item.average_rating === null ? '—' : item.average_rating.toFixed(2)}</Text>
          <StarRow value={item.average_rating ?? 0} label={averageLabel(item)} />
        </Group>
      </Table.Td>
      <Table.Td>
        <StarRow
          value={item.my_rating ?? 0}
          label={item.my_rating === null ? 'Not rated' : `Your rating: ${item.my_rating} of 5`}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatShortDate(item.added_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.editions.page_count ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <RowMenu title={title} onAddToShelves={() => onAddToShelves(item)} onRemove={() => onRemove(item)} />
      </Table.Td>
    </Table.Tr>
  );
}

export function AuthorLinks({ item }: { item: ShelfItem }) {
  return (
    <Text size="sm" component="span">
      {item.editions.edition_authors.map(({ authors }, i) => (
        <Fragment key={authors.id}>
          {i > 0 && ', '}
          <Anchor component={Link} to={authorPath(authors.id)} size="sm">
            {authors.name}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}

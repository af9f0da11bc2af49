// 'Add to Shelves' (SPEC.md §2 shelf page): a checkbox per shelf in a list about 10rem high; ticking adds
// the edition to that shelf, unticking removes it, with a spinner while a change is on its way. Failures
// are ignored and the box keeps the reader's choice (SPEC.md §8: no rollback).
import { Checkbox, Group, Loader, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { Shelf, ShelfItem } from '@shared/api/shelves';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useShelfMembership } from './use-shelf-membership';

export interface AddToShelvesDialogProps {
  item: ShelfItem | null;
  shelves: Shelf[];
  /** The shelf the page shows: leaving it takes the row off the page. */
  currentShelfId: string;
  onLeftCurrentShelf(editionId: string): void;
  onClose(): void;
}

export function AddToShelvesDialog({ item, onClose, ...rest }: AddToShelvesDialogProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Add to Shelves" centered>
      {item && <ShelfChoices key={item.editions.id} item={item} {...rest} />}
    </Modal>
  );
}

function ShelfChoices({
  item,
  shelves,
  currentShelfId,
  onLeftCurrentShelf,
}: Omit<AddToShelvesDialogProps, 'item' | 'onClose'> & { item: ShelfItem }) {
  const editionId = item.editions.id;
  // Asked afresh each time the dialog opens: another screen may have shelved the book meanwhile.
  const holding = useSfQuery('edition-shelves', { edition_id: editionId }, { staleTime: 0 });
  if (holding.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading shelves" role="status">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    );
  }
  // A failed read shows every box empty rather than nothing at all (SPEC.md §8: shelf failures are silent).
  return (
    <Checkboxes
      editionId={editionId}
      title={item.editions.title}
      shelves={shelves}
      held={holding.data ?? []}
      currentShelfId={currentShelfId}
      onLeftCurrentShelf={onLeftCurrentShelf}
    />
  );
}

function Checkboxes({
  editionId,
  title,
  shelves,
  held,
  currentShelfId,
  onLeftCurrentShelf,
}: {
  editionId: string;
  title: string;
  shelves: Shelf[];
  held: string[];
  currentShelfId: string;
  onLeftCurrentShelf(editionId: string): void;
}) {
  const membership = useShelfMembership({
    editionId,
    held,
    onSaved: ({ shelfId, on }) => {
      if (shelfId === currentShelfId && !on) onLeftCurrentShelf(editionId);
    },
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <ScrollArea.Autosize mah="10rem" type="auto" offsetScrollbars>
        <Stack gap="xs" role="group" aria-label="Shelves">
          {shelves.map((shelf) => (
            <Group key={shelf.id} gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                label={shelf.name}
                checked={membership.isOn(shelf.id)}
                disabled={membership.isSaving(shelf.id)}
                onChange={(event) => membership.choose(shelf.id, event.currentTarget.checked)}
              />
              {membership.isSaving(shelf.id) && <Loader size="xs" aria-label={`Saving ${shelf.name}`} />}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

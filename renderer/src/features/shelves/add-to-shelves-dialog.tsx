// 'Add to Shelves' (SPEC.md §2 shelf page): a checkbox per shelf in a list about 10rem high; ticking adds
// the edition to that shelf, unticking removes it, with a spinner while a change is on its way. Failures
// are ignored and the box keeps the reader's choice (SPEC.md §8: no rollback).
import { Checkbox, Group, Loader, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Shelf, ShelfItem } from '@shared/api/shelves';
import { sfQueryKey, useSfQuery } from '../../components/use-sf-query';
import { useBackend } from '../../platform/backend-context';

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
      initiallyOn={holding.data ?? []}
      currentShelfId={currentShelfId}
      onLeftCurrentShelf={onLeftCurrentShelf}
    />
  );
}

function Checkboxes({
  editionId,
  title,
  shelves,
  initiallyOn,
  currentShelfId,
  onLeftCurrentShelf,
}: {
  editionId: string;
  title: string;
  shelves: Shelf[];
  initiallyOn: string[];
  currentShelfId: string;
  onLeftCurrentShelf(editionId: string): void;
}) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [on, setOn] = useState(() => new Set(initiallyOn));
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const setPendingFor = (shelfId: string, busy: boolean) =>
    setPending((now) => {
      const next = new Set(now);
      if (busy) next.add(shelfId);
      else next.delete(shelfId);
      return next;
    });

  async function toggle(shelfId: string, checked: boolean) {
    setOn((now) => {
      const next = new Set(now);
      if (checked) next.add(shelfId);
      else next.delete(shelfId);
      return next;
    });
    setPendingFor(shelfId, true);
    try {
      if (checked) await backend.sf('add-to-shelf', { shelf_id: shelfId, edition_id: editionId });
      else await backend.sf('remove-from-shelf', { shelf_id: shelfId, edition_id: editionId });
      if (shelfId === currentShelfId && !checked) onLeftCurrentShelf(editionId);
      else
        await queryClient.invalidateQueries({
          queryKey: sfQueryKey('get-shelf-items', { shelf_id: shelfId }),
        });
      void queryClient.invalidateQueries({ queryKey: sfQueryKey('shelf-counts') });
      void queryClient.invalidateQueries({ queryKey: sfQueryKey('edition-shelves') });
    } catch {
      // SPEC.md §8: ignored, no rollback.
    } finally {
      setPendingFor(shelfId, false);
    }
  }

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
                checked={on.has(shelf.id)}
                disabled={pending.has(shelf.id)}
                onChange={(event) => void toggle(shelf.id, event.currentTarget.checked)}
              />
              {pending.has(shelf.id) && <Loader size="xs" aria-label={`Saving ${shelf.name}`} />}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

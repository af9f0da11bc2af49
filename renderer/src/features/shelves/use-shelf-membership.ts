// Ticking and unticking the shelves an edition is on, one way for every screen that offers it (SPEC.md §2
// 'Your Lists' on the work page, 'Add to Shelves' on the shelf page). Failures are silent and never rolled
// back (SPEC.md §8 "Shelf add/remove ... failures"): the box keeps the reader's choice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';

interface Choice {
  shelfId: string;
  on: boolean;
}

export interface ShelfMembershipOptions {
  editionId: string;
  /**
   * Sent with an add when known, so the server need not look the work up, and with a removal, which then
   * takes the work's other editions off the shelf too (the held shelves are then the work's, see YourLists).
   */
  workId?: string;
  /** The shelves holding the edition as the server last said; undefined while unknown. */
  held: readonly string[] | undefined;
  /** After each saved choice, before the shelves are reread. */
  onSaved?(choice: Choice): void;
}

export interface ShelfMembership {
  isOn(shelfId: string): boolean;
  isSaving(shelfId: string): boolean;
  choose(shelfId: string, on: boolean): void;
}

/** Every cached answer of this edition's shelves, whichever screen asked. */
const editionShelves = (editionId: string) => ({
  queryKey: sfQueryKey('edition-shelves'),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[2] as { edition_id?: string } | undefined)?.edition_id === editionId,
});

/** The optimistic update: every cached answer of the edition's shelves shows the choice at once. */
function showChoice(queryClient: QueryClient, editionId: string, { shelfId, on }: Choice) {
  queryClient.setQueriesData<string[]>(
    editionShelves(editionId),
    (old) =>
      old && (on ? [...old.filter((id) => id !== shelfId), shelfId] : old.filter((id) => id !== shelfId)),
  );
}

export function useShelfMembership({
  editionId,
  workId,
  held,
  onSaved,
}: ShelfMembershipOptions): ShelfMembership {
  const backend = useBackend();
  const queryClient = useQueryClient();
  // The reader's own choices, shown in the same render as the click and above the cached answer: a
  // controlled box that waits for the cache flickers back, and a second click then undoes the first. A
  // choice whose save failed stays here, so the box keeps it even after the shelves are reread.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  // Saves still under way, and the shelves saved meanwhile: only the last to finish rereads, so an
  // earlier save's answer cannot overwrite a later tick.
  const inFlight = useRef(0);
  const saved = useRef(new Set<string>());

  const save = useMutation({
    mutationKey: ['shelf-membership', editionId],
    mutationFn: async ({ shelfId, on }: Choice): Promise<void> => {
      if (on)
        await backend.sf('add-to-shelf', {
          shelf_id: shelfId,
          edition_id: editionId,
          ...(workId && { work_id: workId }),
        });
      else
        await backend.sf('remove-from-shelf', {
          shelf_id: shelfId,
          edition_id: editionId,
          ...(workId && { work_id: workId }),
        });
    },
    onMutate: (choice) => {
      // A read already on its way would answer from before this change and overwrite it. Not awaited: the
      // save goes out at once.
      void queryClient.cancelQueries(editionShelves(editionId));
      showChoice(queryClient, editionId, choice);
    },
    onSuccess: (_answer, choice) => {
      saved.current.add(choice.shelfId);
      onSaved?.(choice);
    },
    // No rollback (SPEC.md §8): the cache and the box keep the choice, even over an earlier save of this shelf.
    onError: (_error, { shelfId }) => void saved.current.delete(shelfId),
    onSettled: async (_answer, _error, { shelfId }) => {
      inFlight.current -= 1;
      setSaving((now) => {
        const next = new Set(now);
        next.delete(shelfId);
        return next;
      });
      if (inFlight.current > 0) return;
      const settled = [...saved.current];
      saved.current.clear();
      if (settled.length === 0) return;
      await markStale(queryClient, 'shelfMembership');
      // The reread answer now holds every saved choice; failed ones keep theirs.
      setChosen((now) => {
        const next = new Map(now);
        for (const id of settled) next.delete(id);
        return next;
      });
    },
  });

  return {
    isOn: (shelfId) => chosen.get(shelfId) ?? held?.includes(shelfId) ?? false,
    isSaving: (shelfId) => saving.has(shelfId),
    choose(shelfId, on) {
      setChosen((now) => new Map(now).set(shelfId, on));
      setSaving((now) => new Set(now).add(shelfId));
      inFlight.current += 1;
      save.mutate({ shelfId, on });
    },
  };
}

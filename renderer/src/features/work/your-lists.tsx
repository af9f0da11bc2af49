// 'Your Lists' (SPEC.md §2): the reader's shelves, ticked where this edition is. Ticking adds, unticking
// removes; failures are silent and not rolled back (SPEC.md §8 "Shelf add/remove ... failures").
import { Checkbox, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSfQuery } from '../../components/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { SHELF_CHANGE, invalidateSf } from './invalidate';

export function YourLists({ workId, editionId }: { workId: string; editionId: string }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const shelves = useSfQuery('list-shelves', {});
  const holding = useSfQuery('edition-shelves', { edition_id: editionId, work_id: workId });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // The reader's own ticks, shown at once and above the cached answer: the click must change the box in
  // the same render (a controlled box that waits for the cache flickers back, and a second click then
  // undoes the first). A tick whose save failed stays here, so the box keeps the reader's choice.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  // Toggles still under way, and the ones saved meanwhile: only the last to finish rereads this list, so
  // an earlier toggle's answer cannot overwrite a later tick.
  const inFlight = useRef(0);
  const saved = useRef(new Set<string>());

  function choose(shelfId: string, on: boolean) {
    setChosen((now) => new Map(now).set(shelfId, on));
    void save(shelfId, on);
  }

  async function save(shelfId: string, on: boolean) {
    inFlight.current += 1;
    setPending((p) => new Set(p).add(shelfId));
    try {
      if (on) await backend.sf('add-to-shelf', { shelf_id: shelfId, edition_id: editionId, work_id: workId });
      else await backend.sf('remove-from-shelf', { shelf_id: shelfId, edition_id: editionId });
      saved.current.add(shelfId);
    } catch {
      // Silent by the spec: the box keeps the reader's choice, even over an earlier save of this shelf.
      saved.current.delete(shelfId);
    } finally {
      inFlight.current -= 1;
      setPending((p) => {
        const next = new Set(p);
        next.delete(shelfId);
        return next;
      });
    }
    if (inFlight.current > 0) return;
    const settled = [...saved.current];
    saved.current.clear();
    if (settled.length === 0) return;
    await invalidateSf(queryClient, SHELF_CHANGE);
    // The reread answer now holds every saved tick; failed ones keep their overlay.
    setChosen((now) => {
      const next = new Map(now);
      for (const id of settled) next.delete(id);
      return next;
    });
  }

  let body;
  if (shelves.isPending || holding.isPending) {
    body = <Skeleton h={100} />;
  } else if (shelves.isError || holding.isError) {
    body = <Text c="dimmed">Your lists could not be loaded.</Text>;
  } else {
    const held = new Set(holding.data);
    body = (
      <Stack gap="xs">
        {shelves.data.map((shelf) => {
          const busy = pending.has(shelf.id);
          return (
            <Group key={shelf.id} gap="xs" wrap="nowrap">
              <Checkbox
                label={shelf.name}
                checked={chosen.get(shelf.id) ?? held.has(shelf.id)}
                disabled={busy}
                onChange={(event) => choose(shelf.id, event.currentTarget.checked)}
                styles={{ label: { overflowWrap: 'anywhere' } }}
              />
              {busy && <Loader size={14} aria-label={`Saving ${shelf.name}`} />}
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="your-lists">
      <Stack gap="xs">
        <Title order={2} size="h4" id="your-lists">
          Your Lists
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

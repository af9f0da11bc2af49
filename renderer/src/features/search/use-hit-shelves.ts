// The signed-in reader's shelves for a page of search results (issue 26), asked once for the whole page,
// and the one-click "To Be Read". Signed out, nothing is asked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sfQueryKey, useSfQuery } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { useSession } from '../../session/session-context';
import { markStale } from '../../stale-data';
import type { HitShelves, SearchHit } from './search-hit-card';
import { TO_BE_READ } from './search-hit-card';

export function useHitShelves(hits: SearchHit[]): (hit: SearchHit) => HitShelves | undefined {
  const { status } = useSession();
  const backend = useBackend();
  const queryClient = useQueryClient();
  const signedIn = status === 'signed-in';
  const workIds = hits.map((h) => h.work_id);
  const held = useSfQuery(
    'works-shelf-status',
    { work_ids: workIds },
    { enabled: signedIn && workIds.length > 0 },
  );
  const add = useMutation({
    mutationFn: (hit: SearchHit) =>
      backend.sf('add-to-shelf', {
        shelf_name: TO_BE_READ,
        edition_id: hit.primary_edition_id as string,
        work_id: hit.work_id,
      }),
    onSettled: async () => {
      await markStale(queryClient, 'shelfMembership');
      await queryClient.invalidateQueries({ queryKey: sfQueryKey('works-shelf-status') });
    },
  });
  if (!signedIn || !held.data) return () => undefined;
  const byWork = new Map(held.data.works.map((w) => [w.work_id, w.shelves]));
  return (hit) => ({
    shelves: byWork.get(hit.work_id) ?? [],
    adding: add.isPending && add.variables.work_id === hit.work_id,
    onToBeRead: () => add.mutate(hit),
  });
}

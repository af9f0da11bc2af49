// Picking a book from Open Library's results (issue 26): the server imports it (or answers the work we
// already hold) and its work page opens. Only a signed-in reader can pick; the server checks that too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { workPath } from '../../paths';

export function usePickRemoteWork() {
  const backend = useBackend();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (olKey: string) => backend.sf('import-openlibrary-work', { ol_key: olKey }),
    onSuccess: async ({ work_id }) => {
      // The picked book is ours now: searches and author pages list it among our results instead.
      await Promise.all(
        (['search-works', 'search-openlibrary', 'author-openlibrary-works', 'author-details'] as const).map(
          (name) => queryClient.invalidateQueries({ queryKey: sfQueryKey(name) }),
        ),
      );
      void navigate(workPath(work_id));
    },
  });
}

// A scanned or typed ISBN goes to its book through the same lookup the search box uses for an ISBN query:
// check-isbn says whether we hold it, and search-works finds it or imports it from Open Library (which may
// take a while: the reader is told, as on the search page).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { workPath } from '../../paths';

export type IsbnLookup =
  | { kind: 'idle' }
  | { kind: 'checking'; isbn: string }
  | { kind: 'importing'; isbn: string }
  | { kind: 'not-found'; isbn: string }
  | { kind: 'failed'; isbn: string; message: string };

export function useIsbnLookup(onFound: () => void) {
  const backend = useBackend();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [lookup, setLookup] = useState<IsbnLookup>({ kind: 'idle' });

  const lookUp = useCallback(
    async (isbn: string) => {
      setLookup({ kind: 'checking', isbn });
      try {
        const check = await backend.sf('check-isbn', { query: isbn });
        if (!check.exists) setLookup({ kind: 'importing', isbn });
        const found = await backend.sf('search-works', { query: isbn });
        if (found.new_isbn_added) await queryClient.invalidateQueries({ queryKey: sfQueryKey('check-isbn') });
        const work = found.results[0];
        if (!work) {
          setLookup({ kind: 'not-found', isbn });
          return;
        }
        setLookup({ kind: 'idle' });
        onFound();
        void navigate(workPath(work.work_id));
      } catch (error) {
        setLookup({ kind: 'failed', isbn, message: messageOf(error) });
      }
    },
    [backend, navigate, onFound, queryClient],
  );

  const reset = useCallback(() => setLookup({ kind: 'idle' }), []);
  return { lookup, lookUp, reset };
}

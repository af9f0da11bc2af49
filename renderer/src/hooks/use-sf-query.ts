// Reading /sf/ answers through react-query with one key scheme, so a screen that changes something can
// invalidate exactly the answers it affected: `sfQueryKey('work-reviews')` matches every work's reviews,
// `sfQueryKey('work-reviews', { work_id })` one work's.
import { useQuery } from '@tanstack/react-query';
import type { UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { EndpointName, RequestOf, ResponseOf } from '@shared/api/endpoints';
import { useBackend } from '../platform/backend-context';

export const sfQueryKey = <N extends EndpointName>(name: N, payload?: RequestOf<N>) =>
  payload === undefined ? (['sf', name] as const) : (['sf', name, payload] as const);

type SfQueryOptions<N extends EndpointName> = Omit<
  UseQueryOptions<ResponseOf<N>, Error>,
  'queryKey' | 'queryFn'
>;

export function useSfQuery<N extends EndpointName>(
  name: N,
  payload: RequestOf<N>,
  options: SfQueryOptions<N> = {},
): UseQueryResult<ResponseOf<N>, Error> {
  const backend = useBackend();
  // Desktop: main's cached answer paints the screen at once and is always refetched on mount (it counts as
  // stale however recent: the reader may have changed things since); offline, main answers that refetch
  // from the same cache.
  const cached = backend.offline?.initialAnswer(name, payload);
  return useQuery({
    queryKey: sfQueryKey(name, payload),
    queryFn: () => backend.sf(name, payload),
    ...(cached ? { initialData: cached.value as ResponseOf<N>, initialDataUpdatedAt: 0 } : {}),
    ...options,
  });
}

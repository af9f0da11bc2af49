import { QueryClient } from '@tanstack/react-query';
import { SfError } from './platform/errors';

/** A 4xx answer will not change by asking again; anything else gets two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof SfError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Desktop: every call goes to Electron main, which answers from its cache when the server is out of reach,
 * so queries and saves must run even when the OS reports no network (react-query would otherwise pause them
 * and the screen would wait instead of painting the cached answer).
 */
export function runWithoutNetwork(client: QueryClient): void {
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, networkMode: 'always' },
    mutations: { ...defaults.mutations, networkMode: 'always' },
  });
}

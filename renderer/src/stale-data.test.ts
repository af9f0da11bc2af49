import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sfQueryKey } from './hooks/use-sf-query';
import { STALE_AFTER, markStale } from './stale-data';

function cacheWith(...keys: (readonly unknown[])[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { any: 'answer' });
  return queryClient;
}
const isStale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('stale data after a change', () => {
  it('a shelf change marks every answer listing shelves stale, and nothing else', async () => {
    const shelfItems = sfQueryKey('get-shelf-items', { shelf_id: 's1', limit: 20, after: null });
    const counts = sfQueryKey('shelf-counts', {});
    const work = sfQueryKey('work-details', { work_id: 'w1' });
    const queryClient = cacheWith(shelfItems, counts, work);
    await markStale(queryClient, 'shelfMembership');
    expect(isStale(queryClient, shelfItems)).toBe(true);
    expect(isStale(queryClient, counts)).toBe(true);
    expect(isStale(queryClient, work)).toBe(false);
  });

  it('a reading event also marks the shelves stale (the server shelves in its transaction)', () => {
    for (const name of STALE_AFTER.shelfMembership) expect(STALE_AFTER.readingEvent).toContain(name);
    expect(STALE_AFTER.readingEvent).toContain('reading-goals');
  });

  it("the dashboard's event leaves its in-place Currently Reading list alone, and nothing else", async () => {
    const list = sfQueryKey('currently-reading', {});
    const streak = sfQueryKey('reading-streak', { timezone: 'UTC' });
    const queryClient = cacheWith(list, streak);
    await markStale(queryClient, 'readingEventListedInPlace');
    expect(isStale(queryClient, list)).toBe(false);
    expect(isStale(queryClient, streak)).toBe(true);
  });
});

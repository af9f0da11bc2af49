// Issue 33, part 3: the Open Library search of issue 26 never slows our own answer. A reader's search page
// asks search-works and, beside it, search-openlibrary; whether Open Library answers at once, after 2 s or
// with a 500, our own answer must come as fast. Measured: search-works at each number of clients while as
// many other clients ask search-openlibrary, each time a query not asked before (so neither the server's
// Open Library cache nor its coalescing of identical queries answers it), against the local Open Library
// fixture server switched to each behaviour.
import type { FixtureMode, OpenLibraryFixture } from '../../tests/support/openlibrary-fixture';
import { loadHttp } from './load';
import type { Measurement } from './load';

/** How long Open Library takes when it is slow: the figure. */
export const SLOW_OPENLIBRARY_MS = 2000;
export const OPENLIBRARY_MODES: readonly FixtureMode[] = ['normal', 'slow', 'failing'];

export interface BesideOpenLibraryLevel {
  mode: FixtureMode;
  clients: number;
  /** search-works, our own answer. */
  ours: Measurement;
  /** search-openlibrary beside it; its refusals (rate limit, breaker) count as errors here. */
  remote: Measurement;
}

export async function benchSearchBesideOpenLibrary(
  base: string,
  anonKey: string,
  fixture: OpenLibraryFixture,
  queries: readonly string[],
  concurrency: readonly number[],
  seconds: number,
  log: (line: string) => void,
): Promise<BesideOpenLibraryLevel[]> {
  const headers = { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const call = (endpoint: string, query: string) => ({
    method: 'POST' as const,
    path: `/sf/${endpoint}`,
    headers,
    body: JSON.stringify({ query }),
  });
  const levels: BesideOpenLibraryLevel[] = [];
  // The first mode must not pay for a cold start the others are spared.
  await loadHttp(base, 1, 1, (i) => call('search-works', queries[i % queries.length] as string));
  let asked = 0;
  for (const mode of OPENLIBRARY_MODES) {
    fixture.mode = mode;
    fixture.slowMs = SLOW_OPENLIBRARY_MS;
    for (const clients of concurrency) {
      const [ours, remote] = await Promise.all([
        loadHttp(base, clients, seconds, (i) => call('search-works', queries[i % queries.length] as string)),
        loadHttp(base, clients, seconds, () => call('search-openlibrary', `never asked ${++asked}`)),
      ]);
      levels.push({ mode, clients, ours, remote });
      log(
        `search-works beside Open Library ${mode}, c=${clients}: p50 ${ours.p50.toFixed(2)} p95 ` +
          `${ours.p95.toFixed(2)} ms (${ours.errors} errors); search-openlibrary ${remote.count} answered, ` +
          `${remote.errors} refused or failed`,
      );
    }
  }
  fixture.mode = 'normal';
  return levels;
}

// Whether misspelt searches for real titles find the work they mean (issue 33): the 50 queries of
// tests/fixtures/search/misspellings.json, each asked of /sf/search-works as an anonymous reader; a query
// passes when the work it means is among the first three results. Used by the integration test on the demo
// catalogue and by `npm run bench` on the generated million-work one.
import { readFile } from 'node:fs/promises';

const FIXTURE = new URL('../fixtures/search/misspellings.json', import.meta.url);
export const TOP = 3;

export interface MisspellingMiss {
  query: string;
  title: string;
  /** The first results' titles, as the reader saw them. */
  got: string[];
}
export interface MisspellingCheck {
  total: number;
  found: number;
  misses: MisspellingMiss[];
}

export async function checkMisspellings(base: string, anonKey: string): Promise<MisspellingCheck> {
  const { queries } = JSON.parse(await readFile(FIXTURE, 'utf8')) as {
    queries: { query: string; title: string }[];
  };
  const misses: MisspellingMiss[] = [];
  for (const { query, title } of queries) {
    const res = await fetch(`${base}/sf/search-works`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey}` },
      body: JSON.stringify({ query }),
    });
    if (!res.ok) throw new Error(`search-works "${query}" answered ${res.status}: ${await res.text()}`);
    const { results } = (await res.json()) as { results: { work_title: string }[] };
    const got = results.slice(0, TOP).map((r) => r.work_title);
    if (!got.includes(title)) misses.push({ query, title, got });
  }
  return { total: queries.length, found: queries.length - misses.length, misses };
}

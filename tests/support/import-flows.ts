// Steps the import tests share: a signed-in reader through the real supabase-js client, an import run to
// its end through /sf/ on the real port, and the reader's library counted straight from the database.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { registerConfirmed } from './auth-flows';
import type { TestServer } from './test-server';

export const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/imports/${name}`, import.meta.url)), 'utf8');

export interface Reader {
  id: string;
  token: string;
}

/** Registers, confirms and signs in with supabase-js, as the web app does. */
export async function signedInReader(s: TestServer): Promise<Reader> {
  const reg = await registerConfirmed(s);
  const client = s.client();
  const { data, error } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  const session = data.session;
  if (!session) throw new Error('no session');
  return { id: session.user.id, token: session.access_token };
}

/** Starts an import and polls import-status until it is done or failed; answers the final status. */
export async function importAndWait(
  s: TestServer,
  reader: Reader,
  content: string,
  options: { format?: string; file_name?: string; timeoutMs?: number } = {},
): Promise<any> {
  const started = await s.sf(
    'import-library',
    { format: options.format ?? 'auto', file_name: options.file_name ?? 'library.csv', content },
    reader.token,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return waitForImport(s, reader, started.body.import_id, options.timeoutMs);
}

export async function waitForImport(
  s: TestServer,
  reader: Reader,
  importId: string,
  timeoutMs = 30_000,
): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const status = await s.sf('import-status', { import_id: importId, limit: 500 }, reader.token);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    if (status.body.state === 'done' || status.body.state === 'failed') return status.body;
    if (Date.now() > end) throw new Error(`import still ${status.body.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a reader has, counted in the database: the figures an import must add once and undo must take away. */
export async function libraryCounts(s: TestServer, userId: string): Promise<LibraryCounts> {
  const [row] = await s.t.deps.db.query<LibraryCounts>(
    `select
       (select count(*)::int from public.shelf_items si join public.shelves sh on sh.id = si.shelf_id
         where sh.user_id = $1) as shelf_items,
       (select count(*)::int from public.shelves where user_id = $1 and slug is null) as custom_shelves,
       (select count(*)::int from public.reading_progress_events where user_id = $1) as events,
       (select count(*)::int from public.reviews where user_id = $1) as reviews,
       (select count(*)::int from public.reading_goals where user_id = $1) as goals`,
    [userId],
  );
  if (!row) throw new Error('the counts query answered no row');
  return row;
}

interface LibraryCounts {
  shelf_items: number;
  custom_shelves: number;
  events: number;
  reviews: number;
  goals: number;
}

/** Shelf name → titles on it, in shelf order, through the API. */
export async function shelvesOf(s: TestServer, reader: Reader): Promise<Record<string, string[]>> {
  const shelves = await s.sf('list-shelves', {}, reader.token);
  const out: Record<string, string[]> = {};
  for (const shelf of shelves.body as { id: string; name: string }[]) {
    const items = await s.sf('get-shelf-items', { shelf_id: shelf.id, limit: 100 }, reader.token);
    const titles = (items.body as { editions: { title: string } }[]).map((i) => i.editions.title);
    if (titles.length > 0) out[shelf.name] = titles;
  }
  return out;
}

// Shared set-up for the reading and goals API tests: the sample catalogue's editions by name, and events
// written straight into the database at a chosen time (the API always stamps "now").
import { sampleCatalogue } from '../../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../../tests/support/test-app';
import type { TestApp } from '../../../../tests/support/test-app';
import type { LocationValues } from '@shared/domain/progress';
import type { ReadingEventType } from '@shared/domain/reading-state';

export interface TestEdition {
  id: string;
  work_id: string;
  title: string;
  page_count: number | null;
}

const ISBNS = {
  pride: '9780141439518',
  prideModern: '9780679783268',
  emma: '9780141439587',
  wuthering: '9780141439556',
  omens: '9780060853983',
} as const;
export type EditionName = keyof typeof ISBNS;

export async function readingTestApp(): Promise<{ t: TestApp; ed: Record<EditionName, TestEdition> }> {
  const t = await createTestApp({ seed: sampleCatalogue });
  const rows = await t.deps.db.query<TestEdition & { isbn: string }>(
    'select id, work_id, title, page_count, isbn from public.editions where isbn = any($1::text[])',
    [Object.values(ISBNS)],
  );
  const ed = Object.fromEntries(
    Object.entries(ISBNS).map(([name, isbn]) => {
      const row = rows.find((r) => r.isbn === isbn);
      if (!row) throw new Error(`sample edition ${isbn} missing`);
      return [name, { id: row.id, work_id: row.work_id, title: row.title, page_count: row.page_count }];
    }),
  ) as Record<EditionName, TestEdition>;
  return { t, ed };
}

/** Logs an event through the API; answers status and body. */
export function logEvent(
  t: TestApp,
  token: string | undefined,
  edition: TestEdition,
  event_type: ReadingEventType,
  extra: Record<string, unknown> = {},
) {
  return t.sf(
    'log-progress-event',
    { work_id: edition.work_id, edition_id: edition.id, event_type, ...extra },
    token,
  );
}

/** Writes an event at a given instant, bypassing the API (for time-dependent stats and streaks). */
export async function insertEventAt(
  t: TestApp,
  userId: string,
  edition: TestEdition,
  event_type: ReadingEventType,
  createdAt: string,
  values: Partial<LocationValues> & { is_public?: boolean; imported_read?: boolean } = {},
): Promise<string> {
  const [row] = await t.deps.db.query<{ id: string }>(
    `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, start_page, end_page,
       start_percent, end_percent, is_public, created_at, imported_read)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      userId,
      edition.id,
      edition.work_id,
      event_type,
      values.start_page ?? null,
      values.end_page ?? null,
      values.start_percent ?? null,
      values.end_percent ?? null,
      values.is_public ?? true,
      createdAt,
      values.imported_read ?? false,
    ],
  );
  return (row as { id: string }).id;
}

/** The items of a user's built-in shelf in order, as edition ids. */
export async function builtInShelfEditions(t: TestApp, userId: string, slug: string): Promise<string[]> {
  const rows = await t.deps.db.query<{ edition_id: string }>(
    `select si.edition_id from public.shelf_items si join public.shelves s on s.id = si.shelf_id
     where s.user_id = $1 and s.slug = $2 order by si.sort_key`,
    [userId, slug],
  );
  return rows.map((r) => r.edition_id);
}

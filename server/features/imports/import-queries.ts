// Reading imports back: one import's counts and a page of its rows (import-status), and the reader's
// imports newest first (list-imports). Another reader's import answers 404, as if it did not exist.
import type { ImportStatus, ImportSummary, RowOutcome } from '@shared/api/imports';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';

export const IMPORT_NOT_FOUND = 'Import not found';

const SUMMARY_COLUMNS = `id as import_id, file_name, format, state, total, processed, matched, created, skipped,
  failed, created_at, started_at, finished_at, undone_at, error`;

export async function importSummary(q: Queryable, userId: string, importId: string): Promise<ImportSummary> {
  const [row] = await q.query<ImportSummary>(
    `select ${SUMMARY_COLUMNS} from public.imports where id = $1 and user_id = $2`,
    [importId, userId],
  );
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
}

export async function importStatus(
  q: Queryable,
  userId: string,
  input: {
    import_id: string;
    outcome?: RowOutcome | undefined;
    after_row?: number | undefined;
    limit: number;
  },
): Promise<ImportStatus> {
  const summary = await importSummary(q, userId, input.import_id);
  const rows = await q.query<ImportStatus['rows'][number]>(
    `select row, title, author, outcome, reason, work_id from public.import_rows
     where import_id = $1 and row > $2 and ($3::text is null or outcome = $3)
     order by row limit $4`,
    [input.import_id, input.after_row ?? 0, input.outcome ?? null, input.limit + 1],
  );
  const page = rows.slice(0, input.limit);
  const more = rows.length > input.limit;
  return { ...summary, rows: page, next_after_row: more ? (page[page.length - 1]?.row ?? null) : null };
}

export async function listImports(
  q: Queryable,
  userId: string,
  input: { limit: number; before?: string | undefined },
): Promise<ImportSummary[]> {
  return q.query<ImportSummary>(
    `select ${SUMMARY_COLUMNS} from public.imports
     where user_id = $1 and ($2::timestamptz is null or created_at < $2::timestamptz)
     order by created_at desc, id desc limit $3`,
    [userId, input.before ?? null, input.limit],
  );
}

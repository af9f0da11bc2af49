// The job's first step: the file import-library kept (source-parts.ts) becomes import_rows, read in a
// worker thread. Rows are stored a small batch per statement, yielding in between, so other readers' statements
// (on PGlite they share one connection, on this thread) wait milliseconds, not the whole file. If the
// server dies midway, the next attempt resumes after the last stored row. A file that cannot be read ends
// the import 'failed' with the reason and no rows: nothing else was touched.
import type { ImportFormat } from '@shared/api/imports';
import { clip } from '@shared/domain/library-import/values';
import type { AppDeps } from '../../deps';
import { readInWorker } from './read-in-worker';
import { loadSourceParts } from './source-parts';

/** When the job finds the kept file incomplete: the request keeping it died before it was whole. */
export const FILE_MISSING_MESSAGE = 'The file did not arrive whole. Import it again.';

/** Rows per insert statement: some milliseconds of PGlite's time each. */
const STORE_ROWS = 100;

/** Reads the import's kept file into its rows; false when the file could not be read (the import failed). */
export async function readSource(deps: Pick<AppDeps, 'db'>, importId: string): Promise<boolean> {
  const [imp] = await deps.db.query<{ source_parts: number | null; format: ImportFormat; stored: number }>(
    `select source_parts, format,
            (select coalesce(max(row), 0)::int from public.import_rows where import_id = $1) as stored
     from public.imports where id = $1`,
    [importId],
  );
  if (!imp || imp.source_parts === null) return true;
  const parts = await loadSourceParts(deps.db, importId, imp.source_parts);
  if (!parts) return fail(deps, importId, FILE_MISSING_MESSAGE);

  const outcome = await readInWorker(
    { parts, format: imp.format, skipRows: imp.stored, batchSize: STORE_ROWS },
    async (json) => {
      await deps.db.query(
        `insert into public.import_rows (import_id, row, source_key, title, author, record, outcome, reason)
         select $1, x.row, x.source_key, x.title, x.author, x.record, x.outcome, x.reason
         from jsonb_to_recordset($2::jsonb)
           as x(row int, source_key text, title text, author text, record jsonb, outcome text, reason text)
         on conflict (import_id, row) do nothing`,
        [importId, json],
      );
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  );

  if ('problem' in outcome) return fail(deps, importId, outcome.problem);
  // Counts from the rows themselves, so a resumed read counts what an earlier attempt stored too.
  await deps.db.query(
    `update public.imports i
        set source_parts = null, extras = $2::jsonb, total = c.total, skipped = c.skipped, failed = c.failed,
            processed = c.skipped + c.failed
     from (select count(*)::int as total,
                  (count(*) filter (where outcome = 'skipped'))::int as skipped,
                  (count(*) filter (where outcome = 'failed'))::int as failed
           from public.import_rows where import_id = $1) c
     where i.id = $1 and i.source_parts is not null`,
    [importId, outcome.extras],
  );
  await deps.db.query('delete from public.import_source_parts where import_id = $1', [importId]);
  return true;
}

/** Ends the import failed with `reason`, without rows and without its file; always false. */
async function fail(deps: Pick<AppDeps, 'db'>, importId: string, reason: string): Promise<false> {
  await deps.db.transaction(async (tx) => {
    await tx.query('delete from public.import_rows where import_id = $1', [importId]);
    await tx.query('delete from public.import_source_parts where import_id = $1', [importId]);
    await tx.query(
      `update public.imports set state = 'failed', error = $2, source_parts = null, finished_at = now()
       where id = $1 and state in ('queued', 'running')`,
      [importId, clip(reason, 2000)],
    );
  });
  return false;
}

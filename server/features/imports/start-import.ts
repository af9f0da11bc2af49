// import-library: reads the file (refusing one we cannot read, with the reason), stores one row per book
// with the record read from it, and queues the job. Rows that cannot be imported as they stand (no title)
// and repeats of an earlier row end at once, so every row is accounted for from the start.
import {
  IMPORT_RUNNING_CODE,
  IMPORT_RUNNING_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
} from '@shared/api/imports';
import { clip } from '@shared/domain/library-import/values';
import type { ImportFormat } from '@shared/api/imports';
import { readLibraryFile } from '@shared/domain/library-import/read-file';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import type { Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { IMPORT_JOB } from './import-job-kind';

/** Rows are stored this many at a time (one statement each). */
const INSERT_CHUNK = 1000;

export async function startImport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: string,
  input: { format: ImportFormat | 'auto'; file_name: string; content: string },
): Promise<{ import_id: string }> {
  if (Buffer.byteLength(input.content, 'utf8') > MAX_IMPORT_BYTES) {
    throw new ApiError(413, 'payload_too_large', IMPORT_TOO_LARGE_MESSAGE);
  }
  const file = readLibraryFile(input.content, input.format);
  if (typeof file === 'string') throw badRequest(file);

  const outcomes = initialOutcomes(file.records);
  const skipped = outcomes.filter((o) => o.outcome === 'skipped').length;
  const failed = outcomes.filter((o) => o.outcome === 'failed').length;
  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `insert into public.imports (user_id, file_name, format, total, processed, skipped, failed, extras)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) returning id`,
        [
          userId,
          input.file_name,
          file.format,
          file.records.length,
          skipped + failed,
          skipped,
          failed,
          JSON.stringify({ shelves: file.shelves, goals: file.goals, profile: file.profile }),
        ],
      );
      const importId = (created as { id: string }).id;
      await insertRows(tx, importId, file.records, outcomes);
      await deps.jobs.enqueue(tx, IMPORT_JOB, { import_id: importId }, { maxAttempts: 50 });
      return { import_id: importId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IMPORT_RUNNING_MESSAGE, IMPORT_RUNNING_CODE);
    throw err;
  }
}

interface InitialOutcome {
  outcome: 'pending' | 'skipped' | 'failed';
  reason: string | null;
}

function initialOutcomes(records: readonly LibraryRecord[]): InitialOutcome[] {
  const firstRowOf = new Map<string, number>();
  return records.map((r) => {
    if (r.problem !== null) return { outcome: 'failed', reason: r.problem };
    const first = firstRowOf.get(r.key);
    if (first !== undefined) return { outcome: 'skipped', reason: `Duplicate of row ${first}` };
    firstRowOf.set(r.key, r.row);
    return { outcome: 'pending', reason: null };
  });
}

async function insertRows(
  tx: Queryable,
  importId: string,
  records: readonly LibraryRecord[],
  outcomes: readonly InitialOutcome[],
): Promise<void> {
  for (let start = 0; start < records.length; start += INSERT_CHUNK) {
    const chunk = records.slice(start, start + INSERT_CHUNK).map((r, i) => ({
      row: r.row,
      source_key: r.key,
      title: clip(r.title, 500) || '(no title)',
      author: r.authors[0] === undefined ? null : clip(r.authors[0], 300),
      record: r,
      outcome: outcomes[start + i]?.outcome ?? 'pending',
      reason: outcomes[start + i]?.reason ?? null,
    }));
    await tx.query(
      `insert into public.import_rows (import_id, row, source_key, title, author, record, outcome, reason)
       select $1, x.row, x.source_key, x.title, x.author, x.record, x.outcome, x.reason
       from jsonb_to_recordset($2::jsonb)
         as x(row int, source_key text, title text, author text, record jsonb, outcome text, reason text)`,
      [importId, JSON.stringify(chunk)],
    );
  }
}

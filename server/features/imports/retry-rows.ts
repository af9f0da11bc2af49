// retry-import-rows: the import's failed rows go back to pending and the same import runs again for them
// (its counts move with them). Refused for an undone import, and while any import of the reader runs.
import { IMPORT_RUNNING_CODE, IMPORT_RUNNING_MESSAGE } from '@shared/api/imports';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../http/errors';
import { IMPORT_JOB } from './import-job-kind';
import { importSummary } from './import-queries';

export async function retryFailedRows(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: string,
  importId: string,
): Promise<{ import_id: string; queued: number }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const summary = await importSummary(tx, userId, importId);
      if (summary.undone_at !== null)
        throw conflict('This import has been undone; start a new import instead.', 'import_undone');
      if (summary.state === 'queued' || summary.state === 'running')
        throw conflict(IMPORT_RUNNING_MESSAGE, IMPORT_RUNNING_CODE);
      // Rows whose file data is at fault (no title) would only fail again; the rest are tried anew.
      const retried = await tx.query<{ row: number }>(
        `update public.import_rows set outcome = 'pending', reason = null
         where import_id = $1 and outcome = 'failed' and record->>'problem' is null returning row`,
        [importId],
      );
      if (retried.length === 0) return { import_id: importId, queued: 0 };
      await tx.query(
        `update public.imports set state = 'queued', finished_at = null, error = null,
                failed = failed - $2, processed = processed - $2
         where id = $1`,
        [importId, retried.length],
      );
      await deps.jobs.enqueue(tx, IMPORT_JOB, { import_id: importId }, { maxAttempts: 50 });
      return { import_id: importId, queued: retried.length };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IMPORT_RUNNING_MESSAGE, IMPORT_RUNNING_CODE);
    throw err;
  }
}

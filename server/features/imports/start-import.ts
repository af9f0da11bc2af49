// import-library: checks the file's size and first line (so a file of the wrong kind is refused at once,
// with the reason), keeps the file and queues the job, and answers. Nothing here reads the file past its
// first line: the job reads it in a worker thread (read-source.ts), and a file it cannot read ends the
// import 'failed' with the reason, having stored no rows.
import {
  IMPORT_FORMATS,
  IMPORT_RUNNING_CODE,
  IMPORT_RUNNING_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
} from '@shared/api/imports';
import type { ImportFormat } from '@shared/api/imports';
import { checkLibraryHeader } from '@shared/domain/library-import/read-file';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { IMPORT_JOB } from './import-job-kind';

const isFormat = (value: string): value is ImportFormat =>
  (IMPORT_FORMATS as readonly string[]).includes(value);

export async function startImport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: string,
  input: { format: ImportFormat | 'auto'; file_name: string; content: string },
): Promise<{ import_id: string }> {
  if (Buffer.byteLength(input.content, 'utf8') > MAX_IMPORT_BYTES) {
    throw new ApiError(413, 'payload_too_large', IMPORT_TOO_LARGE_MESSAGE);
  }
  const format = checkLibraryHeader(input.content, input.format);
  if (!isFormat(format)) throw badRequest(format);

  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `insert into public.imports (user_id, file_name, format, source) values ($1, $2, $3, $4) returning id`,
        [userId, input.file_name, format, input.content],
      );
      const importId = (created as { id: string }).id;
      await deps.jobs.enqueue(tx, IMPORT_JOB, { import_id: importId }, { maxAttempts: 50 });
      return { import_id: importId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IMPORT_RUNNING_MESSAGE, IMPORT_RUNNING_CODE);
    throw err;
  }
}

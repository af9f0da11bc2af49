// import-library: checks the file's size and first line (so a file of the wrong kind is refused at once,
// with the reason), keeps the file in parts and queues the job, and answers. Nothing here reads the file
// past its first line: the job reads it in a worker thread (read-source.ts), and a file it cannot read
// ends the import 'failed' with the reason, having stored no rows.
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
import { sourceParts, storeSourceParts, utf8Bytes } from './source-parts';

/**
 * The job is queued with the import, to run this late: if this request dies while it keeps the file, that
 * run finds the parts missing and ends the import failed, so the reader is not left with one queued forever.
 * Once the file is kept, a second job is queued to run at once.
 */
const SAFETY_NET_MS = 60_000;

const isFormat = (value: string): value is ImportFormat =>
  (IMPORT_FORMATS as readonly string[]).includes(value);

export async function startImport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  userId: string,
  input: { format: ImportFormat | 'auto'; file_name: string; content: string },
): Promise<{ import_id: string }> {
  // Three bytes a character at most: only a file that could be too large is measured (a part at a time).
  if (input.content.length * 3 > MAX_IMPORT_BYTES && (await utf8Bytes(input.content)) > MAX_IMPORT_BYTES) {
    throw new ApiError(413, 'payload_too_large', IMPORT_TOO_LARGE_MESSAGE);
  }
  const format = checkLibraryHeader(input.content, input.format);
  if (!isFormat(format)) throw badRequest(format);
  const parts = sourceParts(input.content);

  let importId: string;
  try {
    importId = await deps.db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `insert into public.imports (user_id, file_name, format, source_parts) values ($1, $2, $3, $4)
         returning id`,
        [userId, input.file_name, format, parts.length],
      );
      const id = (created as { id: string }).id;
      await deps.jobs.enqueue(tx, IMPORT_JOB, { import_id: id }, { maxAttempts: 50, delayMs: SAFETY_NET_MS });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(IMPORT_RUNNING_MESSAGE, IMPORT_RUNNING_CODE);
    throw err;
  }
  // Outside that transaction: on PGlite a transaction holds the one connection, and keeping 20 MB takes a
  // second; part by part, other readers' statements go in between.
  await storeSourceParts(deps.db, importId, parts);
  await deps.jobs.enqueue(deps.db, IMPORT_JOB, { import_id: importId }, { maxAttempts: 50 });
  return { import_id: importId };
}

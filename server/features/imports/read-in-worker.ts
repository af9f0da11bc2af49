// Reads an import's file in a worker thread, so a large or hostile file never blocks the event loop (the
// whole check of a 20 MB file takes a worker some 100 ms) and never takes the server's heap: the worker
// has a heap of its own, capped, and a file that would need more ends as a problem, not as a dead server.
import type { ImportFormat } from '@shared/api/imports';
import { startTypeScriptWorker } from '../../workers/typescript-worker';

export interface ReadRequest {
  /** The file, in the parts it was kept in (joined in the worker, not on the server's thread). */
  parts: string[];
  format: ImportFormat;
  /** Rows already stored by an earlier attempt: read again but not sent. */
  skipRows: number;
  batchSize: number;
}

export type ReadReply =
  { type: 'problem'; message: string } | { type: 'rows'; json: string } | { type: 'done'; extras: string };

export type ReadOutcome = { problem: string } | { extras: string };

/** The worker's own heap: some ten times what a 20 MB file and one batch of its records need. */
const WORKER_HEAP_MB = 192;
export const TOO_COSTLY_MESSAGE = 'The file needs more memory to read than an import may use.';

/**
 * Reads `content` as `format`, handing each batch of staged rows (JSON) to `onRows` and reading the next
 * only once it has been stored. Answers the reader-facing problem, or the file's extras (JSON).
 */
export function readInWorker(
  request: ReadRequest,
  onRows: (json: string) => Promise<void>,
): Promise<ReadOutcome> {
  const worker = startTypeScriptWorker(new URL('./read-file-worker.ts', import.meta.url), {
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  const outcome = new Promise<ReadOutcome>((resolve, reject) => {
    worker.on('message', (reply: ReadReply) => {
      if (reply.type === 'problem') resolve({ problem: reply.message });
      else if (reply.type === 'done') resolve({ extras: reply.extras });
      else onRows(reply.json).then(() => worker.postMessage('next'), reject);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ problem: TOO_COSTLY_MESSAGE });
      else reject(err);
    });
    worker.on('exit', (code) => reject(new Error(`the file reader stopped (exit code ${code})`)));
  });
  return outcome.finally(() => worker.terminate());
}

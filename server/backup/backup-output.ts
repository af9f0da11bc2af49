// Writing a backup file: gzip'd JSON lines into a temporary file beside the target, renamed into place only
// once complete, so a backup that fails half-way never leaves a file that looks like a good one.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export interface BackupOutput {
  line(text: string): Promise<void>;
  /** Flushes and renames the file into place. */
  commit(): Promise<void>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

export function openBackupOutput(file: string): BackupOutput {
  const partial = `${file}.partial-${process.pid}`;
  const gzip = createGzip();
  // 0600: a backup holds password hashes, sessions and the generated JWT secret.
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => undefined); // awaited in commit or discard
  return {
    async line(text) {
      if (!gzip.write(`${text}\n`)) await once(gzip, 'drain');
    },
    async commit() {
      gzip.end();
      await written;
      await rename(partial, file);
    },
    async discard() {
      gzip.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
    },
  };
}

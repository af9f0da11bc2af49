// Reads a gzip dump file line by line as a stream (a full dump is tens of gigabytes unpacked), counting the
// compressed bytes read so far, which is what progress and time left are measured in.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface DumpFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The file, checked to be there and to be gzip, before anything is written. */
export async function openDumpFile(path: string): Promise<DumpFile> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new Error(`${path}: no such file`);
  }
  if (!info.isFile()) throw new Error(`${path}: not a file`);
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    if (head[0] !== 0x1f || head[1] !== 0x8b)
      throw new Error(`${path}: not a gzip file (Open Library's dumps are .txt.gz)`);
  } finally {
    await handle.close();
  }
  return { path, size: info.size, mtimeMs: info.mtimeMs };
}

export interface DumpLines {
  lines: AsyncIterable<string>;
  /** Compressed bytes read so far. */
  bytesRead(): number;
  close(): void;
}

export function readDumpLines(file: DumpFile): DumpLines {
  const raw = createReadStream(file.path, { highWaterMark: 1 << 20 });
  let read = 0;
  raw.on('data', (chunk) => {
    read += chunk.length;
  });
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  const lines = createInterface({ input: raw.pipe(gunzip), crlfDelay: Infinity });
  return {
    lines,
    bytesRead: () => read,
    close() {
      lines.close();
      raw.destroy();
    },
  };
}

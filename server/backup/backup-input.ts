// Reading a backup file line by line (backup-format.ts), without holding it in memory.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { BackupHeader, BackupTrailer, TableSection } from './backup-format';
import { BACKUP_FORMAT, BackupError, ROW_PREFIX } from './backup-format';

export type BackupEntry =
  | { kind: 'table'; table: TableSection }
  /** The row's JSON text exactly as the backup holds it. */
  | { kind: 'row'; json: string }
  | { kind: 'sequence'; name: string; lastValue: number }
  | { kind: 'file'; path: string; bytes: Buffer }
  | { kind: 'end'; trailer: BackupTrailer };

export interface BackupInput {
  header: BackupHeader;
  entries: AsyncIterable<BackupEntry>;
  close(): void;
}

export async function openBackupInput(file: string): Promise<BackupInput> {
  const source = createReadStream(file);
  const lines = createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const notABackup = () => new BackupError(`${file} is not a Shelfwise backup (made by npm run backup).`);
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (err) {
    lines.close();
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    throw notABackup();
  }
  const header = parseHeader(first.done ? '' : first.value);
  if (!header) {
    lines.close();
    throw notABackup();
  }
  async function* entries(): AsyncGenerator<BackupEntry> {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield parseEntry(next.value);
      }
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`${file} is damaged (${(err as Error).message}): nothing was restored.`);
    }
  }
  return { header, entries: entries(), close: () => lines.close() };
}

function parseHeader(line: string): BackupHeader | null {
  try {
    const [kind, header] = JSON.parse(line) as [string, BackupHeader];
    return kind === 'header' && header?.format === BACKUP_FORMAT ? header : null;
  } catch {
    return null;
  }
}

function parseEntry(line: string): BackupEntry {
  if (line.startsWith(ROW_PREFIX) && line.endsWith(']')) {
    return { kind: 'row', json: line.slice(ROW_PREFIX.length, -1) };
  }
  const [kind, a, b] = JSON.parse(line) as [string, unknown, unknown];
  switch (kind) {
    case 'table':
      return { kind, table: a as TableSection };
    case 'sequence':
      return { kind, name: String(a), lastValue: Number(b) };
    case 'file':
      return { kind, path: String(a), bytes: Buffer.from(String(b), 'base64') };
    case 'end':
      return { kind, trailer: a as BackupTrailer };
    default:
      throw new Error(`unknown line kind ${JSON.stringify(kind)}`);
  }
}

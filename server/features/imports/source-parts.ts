// An import's file, kept in parts until the job has read it (migration 0106). Each part is its own
// statement with a turn of the event loop after it, so on PGlite (which runs on this thread) no other
// reader waits more than one part's write for the file to be stored or read back.
import type { Queryable } from '../../db/db';

/** Characters per part: a few milliseconds of PGlite's time to write or read. */
export const SOURCE_PART_CHARS = 128 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The file cut into parts, never between the two halves of a surrogate pair. */
export function sourceParts(content: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < content.length) {
    let end = Math.min(start + SOURCE_PART_CHARS, content.length);
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(content.slice(start, end));
    start = end;
  }
  return parts;
}

export async function storeSourceParts(
  db: Queryable,
  importId: string,
  parts: readonly string[],
): Promise<void> {
  for (const [i, part] of parts.entries()) {
    await db.query('insert into public.import_source_parts (import_id, part, content) values ($1, $2, $3)', [
      importId,
      i,
      part,
    ]);
    await nextTurn();
  }
}

/** The kept parts in order, or null when fewer than `expected` arrived (the request that kept them died). */
export async function loadSourceParts(
  db: Queryable,
  importId: string,
  expected: number,
): Promise<string[] | null> {
  const parts: string[] = [];
  for (let i = 0; i < expected; i += 1) {
    const [row] = await db.query<{ content: string }>(
      'select content from public.import_source_parts where import_id = $1 and part = $2',
      [importId, i],
    );
    if (!row) return null;
    parts.push(row.content);
    await nextTurn();
  }
  return parts;
}

/** The UTF-8 size of `content`, measured a part at a time between turns of the event loop. */
export async function utf8Bytes(content: string): Promise<number> {
  let bytes = 0;
  for (const part of sourceParts(content)) {
    bytes += Buffer.byteLength(part, 'utf8');
    await nextTurn();
  }
  return bytes;
}

// The import_rows a file's records become, before the job has looked at any of them: rows that cannot be
// imported as they stand (no title) and repeats of an earlier row end at once, so every row is accounted
// for from the start. Pure, so the reading worker thread can build them batch by batch.
import { clip } from '@shared/domain/library-import/values';
import type { LibraryRecord } from '@shared/domain/library-import/record';

export interface StagedRow {
  row: number;
  source_key: string;
  title: string;
  author: string | null;
  record: LibraryRecord;
  outcome: 'pending' | 'skipped' | 'failed';
  reason: string | null;
}

/** Stages records in file order; `firstRowOf` carries over from batch to batch (a repeat may be far apart). */
export function stageRows(records: readonly LibraryRecord[], firstRowOf: Map<string, number>): StagedRow[] {
  return records.map((r) => {
    const staged = {
      row: r.row,
      source_key: r.key,
      title: clip(r.title, 500) || '(no title)',
      author: r.authors[0] === undefined ? null : clip(r.authors[0], 300),
      record: r,
    };
    if (r.problem !== null) return { ...staged, outcome: 'failed', reason: r.problem };
    const first = firstRowOf.get(r.key);
    if (first !== undefined) return { ...staged, outcome: 'skipped', reason: `Duplicate of row ${first}` };
    firstRowOf.set(r.key, r.row);
    return { ...staged, outcome: 'pending', reason: null };
  });
}

// What an import inserted (or replaced), one entry per row written, so undo removes exactly that.
import type { Queryable } from '../../db/db';

export type ChangeKind =
  'event' | 'review' | 'shelf' | 'shelf_item' | 'work' | 'edition' | 'author' | 'source' | 'goal' | 'profile';

export interface Change {
  kind: ChangeKind;
  ref: Record<string, unknown>;
}

export async function recordChanges(
  tx: Queryable,
  importId: string,
  changes: readonly Change[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `insert into public.import_changes (import_id, kind, ref)
     select $1, x.kind, x.ref from jsonb_to_recordset($2::jsonb) as x(kind text, ref jsonb)`,
    [importId, JSON.stringify(changes)],
  );
}

// The admin audit trail (public.admin_audit): who did what to which record, with the record before and
// after. Written with the change, in the same transaction, so a change without its entry cannot exist.
import type { Queryable } from '../../db/db';

export interface AuditEntry {
  actorId: string;
  /** The endpoint name, e.g. 'merge-work'. */
  action: string;
  /** The record the change is about (for merges: the target that remains). */
  targetId: string;
  before: unknown;
  after: unknown;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into public.admin_audit (actor_id, action, target_id, before, after)
     values ($1, $2, $3, $4::jsonb, $5::jsonb)`,
    [entry.actorId, entry.action, entry.targetId, JSON.stringify(entry.before), JSON.stringify(entry.after)],
  );
}

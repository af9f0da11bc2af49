// Curation of one work: its first-published date and lock, its primary edition and lock, and a genre
// reset. Each change locks the work row, writes, and records its audit entry in one transaction.
import type { Db, Queryable } from '../../db/db';
import { maybeOne, one } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { recordAudit } from './audit';

interface WorkDate {
  date: string | null;
  date_string: string | null;
  date_is_locked: boolean;
}

/**
 * Locking stores both values and the lock. Unlocking clears the lock and stores whichever of date and
 * date string were given, keeping the stored value of one left blank.
 */
export async function setWorkDate(
  db: Db,
  actorId: string,
  input: { work_id: string; lock: boolean; date: string | null; date_string: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await maybeOne<WorkDate>(
      tx,
      'select date, date_string, date_is_locked from public.works where id = $1 for update',
      [input.work_id],
    );
    if (!before) throw notFound('Work not found');
    const after = await one<WorkDate>(
      tx,
      `update public.works
       set date = coalesce($2::date, date), date_string = coalesce($3, date_string), date_is_locked = $4,
           updated_at = now()
       where id = $1
       returning date, date_string, date_is_locked`,
      [input.work_id, input.date, input.date_string, input.lock],
    );
    await recordAudit(tx, { actorId, action: 'set-work-date', targetId: input.work_id, before, after });
  });
}

interface PrimaryEdition {
  primary_edition_id: string | null;
  primary_edition_locked: boolean;
}

/** Checks that an edition exists and belongs to the work. */
async function assertEditionOfWork(tx: Queryable, editionId: string, workId: string): Promise<void> {
  const edition = await maybeOne<{ work_id: string }>(
    tx,
    'select work_id from public.editions where id = $1',
    [editionId],
  );
  if (!edition) throw notFound('Edition not found');
  if (edition.work_id !== workId) throw badRequest('This edition belongs to another work');
}

/** A given edition becomes the primary one; the lock is set as asked (unlocking alone keeps the edition). */
export async function setPrimaryEdition(
  db: Db,
  actorId: string,
  input: { work_id: string; edition_id: string | null; lock: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await maybeOne<PrimaryEdition>(
      tx,
      'select primary_edition_id, primary_edition_locked from public.works where id = $1 for update',
      [input.work_id],
    );
    if (!before) throw notFound('Work not found');
    if (input.edition_id !== null) await assertEditionOfWork(tx, input.edition_id, input.work_id);
    const after = await one<PrimaryEdition>(
      tx,
      `update public.works
       set primary_edition_id = coalesce($2::uuid, primary_edition_id), primary_edition_locked = $3,
           updated_at = now()
       where id = $1
       returning primary_edition_id, primary_edition_locked`,
      [input.work_id, input.edition_id, input.lock],
    );
    await recordAudit(tx, { actorId, action: 'set-primary-edition', targetId: input.work_id, before, after });
  });
}

/**
 * Clears the work's genres and its checked_full_metadata flag, so the next work-genres call fetches the
 * genres from Open Library again.
 */
export async function resetWorkGenre(db: Db, actorId: string, workId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await maybeOne<{ checked_full_metadata: boolean; genres: string[] }>(
      tx,
      `select w.checked_full_metadata,
              coalesce((select json_agg(g.name order by g.name)
                        from public.work_genres wg join public.genres g on g.id = wg.genre_id
                        where wg.work_id = w.id), '[]'::json) as genres
       from public.works w where w.id = $1 for update`,
      [workId],
    );
    if (!before) throw notFound('Work not found');
    await tx.query('delete from public.work_genres where work_id = $1', [workId]);
    await tx.query(
      'update public.works set checked_full_metadata = false, updated_at = now() where id = $1',
      [workId],
    );
    await recordAudit(tx, {
      actorId,
      action: 'reset-work-genre',
      targetId: workId,
      before,
      after: { checked_full_metadata: false, genres: [] },
    });
  });
}

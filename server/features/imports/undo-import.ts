// undo-import: removes exactly what the import added, from its import_changes list: its progress events,
// reviews (the rating trigger takes them out of the works' averages exactly), shelf items, the shelves it
// created once they hold nothing else, goals it set, the profile names it replaced (put back only where the
// reader has not changed them since), and the catalogue books it created when nobody uses them. Nothing
// else is touched. An import that is queued or running must finish first.
import type { Db, Queryable } from '../../db/db';
import { conflict } from '../../http/errors';
import { importSummary } from './import-queries';

export async function undoImport(db: Db, userId: string, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const summary = await importSummary(tx, userId, importId);
    const [locked] = await tx.query<{ state: string; undone_at: string | null }>(
      'select state, undone_at from public.imports where id = $1 for update',
      [summary.import_id],
    );
    if (!locked) return;
    if (locked.undone_at !== null) throw conflict('This import has already been undone.', 'import_undone');
    if (locked.state === 'queued' || locked.state === 'running') {
      throw conflict('This import is still running. Undo it once it has finished.', 'import_running');
    }
    const ids = async (kind: string, field = 'id') =>
      (
        await tx.query<{ v: string }>(
          `select ref->>'${field}' as v from public.import_changes where import_id = $1 and kind = $2`,
          [importId, kind],
        )
      ).map((r) => r.v);

    await tx.query('delete from public.reading_progress_events where user_id = $1 and id = any($2::uuid[])', [
      userId,
      await ids('event'),
    ]);
    await tx.query('delete from public.reviews where user_id = $1 and id = any($2::uuid[])', [
      userId,
      await ids('review'),
    ]);
    await tx.query(
      `delete from public.shelf_items si using public.import_changes c, public.shelves s
       where c.import_id = $1 and c.kind = 'shelf_item' and si.shelf_id = (c.ref->>'shelf_id')::uuid
         and si.edition_id = (c.ref->>'edition_id')::uuid and s.id = si.shelf_id and s.user_id = $2`,
      [importId, userId],
    );
    await tx.query(
      `delete from public.shelves s where s.user_id = $1 and s.slug is null and s.id = any($2::uuid[])
         and not exists (select 1 from public.shelf_items si where si.shelf_id = s.id)`,
      [userId, await ids('shelf')],
    );
    await tx.query(
      `delete from public.reading_goals g using public.import_changes c
       where c.import_id = $1 and c.kind = 'goal' and g.user_id = $2
         and g.goal_year = (c.ref->>'goal_year')::int and g.goal_type = c.ref->>'goal_type'`,
      [importId, userId],
    );
    await tx.query(
      `update public.profiles p set first_name = c.ref->'before'->>'first_name',
              last_name = c.ref->'before'->>'last_name', updated_at = now()
       from public.import_changes c
       where c.import_id = $1 and c.kind = 'profile' and p.id = $2
         and p.first_name is not distinct from c.ref->'after'->>'first_name'
         and p.last_name is not distinct from c.ref->'after'->>'last_name'`,
      [importId, userId],
    );
    await tx.query(
      `delete from public.import_sources s using public.import_changes c
       where c.import_id = $1 and c.kind = 'source' and s.user_id = $2 and s.source_key = c.ref->>'source_key'`,
      [importId, userId],
    );
    await removeUnusedBooks(tx, await ids('edition'), await ids('work'), await ids('author'));
    await tx.query('update public.imports set undone_at = now() where id = $1', [importId]);
  });
}

/** The books the import created, unless someone shelved, logged or reviewed them (or sourced another import). */
async function removeUnusedBooks(
  tx: Queryable,
  editionIds: string[],
  workIds: string[],
  authorIds: string[],
): Promise<void> {
  if (editionIds.length === 0 && workIds.length === 0) return;
  await tx.query(
    `update public.works w set primary_edition_id = null
     where w.id = any($2::uuid[]) and w.primary_edition_id = any($1::uuid[])
       and not exists (select 1 from public.shelf_items si where si.edition_id = w.primary_edition_id)
       and not exists (select 1 from public.reading_progress_events ev where ev.edition_id = w.primary_edition_id)
       and not exists (select 1 from public.reviews r where r.edition_id = w.primary_edition_id)
       and not exists (select 1 from public.import_sources s where s.edition_id = w.primary_edition_id)`,
    [editionIds, workIds],
  );
  await tx.query(
    `delete from public.editions e where e.id = any($1::uuid[])
       and not exists (select 1 from public.shelf_items si where si.edition_id = e.id)
       and not exists (select 1 from public.reading_progress_events ev where ev.edition_id = e.id)
       and not exists (select 1 from public.reviews r where r.edition_id = e.id)
       and not exists (select 1 from public.import_sources s where s.edition_id = e.id)
       and not exists (select 1 from public.works w where w.primary_edition_id = e.id)`,
    [editionIds],
  );
  await tx.query(
    `delete from public.works w where w.id = any($1::uuid[])
       and not exists (select 1 from public.editions e where e.work_id = w.id)
       and not exists (select 1 from public.shelf_items si where si.work_id = w.id)
       and not exists (select 1 from public.reading_progress_events ev where ev.work_id = w.id)
       and not exists (select 1 from public.reviews r where r.work_id = w.id)`,
    [workIds],
  );
  await tx.query(
    `delete from public.authors a where a.id = any($1::uuid[])
       and not exists (select 1 from public.work_authors wa where wa.author_id = a.id)
       and not exists (select 1 from public.edition_authors ea where ea.author_id = a.id)`,
    [authorIds],
  );
}

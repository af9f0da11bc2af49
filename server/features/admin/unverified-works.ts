// The admin's side of issue 26: the works readers made that nobody has vouched for yet, and the two
// verdicts besides a merge (merge-work.ts): approve, which puts the work in the catalogue for everyone,
// and remove, which deletes it with everything readers hung on it. Each verdict is written with its
// admin_audit entry; only an unverified work can be approved or removed here.
import { UNVERIFIED_WORKS_LIMIT } from '@shared/api/admin';
import { ADMIN_MESSAGES } from '@shared/api/admin';
import type { ResponseOf } from '@shared/api/endpoints';
import type { Db, Queryable } from '../../db/db';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from './audit';

/** Distinct readers who shelved, logged or reviewed the work `w`. */
const READERS_SQL = `(select count(*) from (
    select s.user_id from public.shelf_items si join public.shelves s on s.id = si.shelf_id
    where si.work_id = w.id
    union select ev.user_id from public.reading_progress_events ev where ev.work_id = w.id
    union select r.user_id from public.reviews r where r.work_id = w.id) readers)::int`;

export async function listUnverifiedWorks(db: Queryable): Promise<ResponseOf<'unverified-works'>> {
  const [page] = await db.query<ResponseOf<'unverified-works'>>(
    `select coalesce((select json_agg(x order by x.created_at desc, x.id) from (
              select w.id, w.title, w.author_names, w.created_at,
                     case when p.id is null then null
                          else json_build_object('id', p.id, 'username', p.username) end as created_by,
                     ${READERS_SQL} as readers
              from public.works w left join public.profiles p on p.id = w.created_by
              where not w.verified
              order by w.created_at desc, w.id
              limit $1) x), '[]'::json) as works,
            (select count(*)::int from public.works where not verified) as total`,
    [UNVERIFIED_WORKS_LIMIT],
  );
  return page as ResponseOf<'unverified-works'>;
}

interface Footprint {
  id: string;
  title: string;
  author_names: string;
  provenance: string;
  verified: boolean;
  created_by: string | null;
  editions: string[];
  readers: number;
}

/** The work locked for the verdict, as the audit entry records it; 404 or 409 when it is not for one. */
async function lockUnverified(tx: Queryable, workId: string): Promise<Footprint> {
  const [work] = await tx.query<Footprint>(
    `select w.id, w.title, w.author_names, w.provenance, w.verified, w.created_by,
            array(select e.id from public.editions e where e.work_id = w.id order by e.id) as editions,
            ${READERS_SQL} as readers
     from public.works w where w.id = $1 for update`,
    [workId],
  );
  if (!work) throw notFound('Work not found');
  if (work.verified) throw conflict(ADMIN_MESSAGES.alreadyVerified);
  return work;
}

export async function approveWork(db: Db, actorId: string, workId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockUnverified(tx, workId);
    // Migration 0115 announces the change to search (and 0095 to the work's own answers) at commit.
    await tx.query('update public.works set verified = true, updated_at = now() where id = $1', [workId]);
    await recordAudit(tx, {
      actorId,
      action: 'approve-work',
      targetId: workId,
      before,
      after: { ...before, verified: true },
    });
  });
}

export async function removeWork(db: Db, actorId: string, workId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockUnverified(tx, workId);
    // Every reader's summary version at once, in order (as merge-work does), so the deletes below cannot
    // take those rows one statement at a time against a concurrent merge.
    await tx.query(
      `select public.bump_reading_summaries(array(
         select user_id from public.reading_progress_events where work_id = $1
         union select user_id from public.reviews where work_id = $1))`,
      [workId],
    );
    const credited = await tx.query<{ author_id: string }>(
      `select author_id from public.work_authors where work_id = $1
       union select ea.author_id from public.edition_authors ea
       join public.editions e on e.id = ea.edition_id where e.work_id = $1`,
      [workId],
    );
    const removed = {
      reviews: await count(tx, 'delete from public.reviews where work_id = $1 returning 1', workId),
      shelf_items: await count(tx, 'delete from public.shelf_items where work_id = $1 returning 1', workId),
      reading_progress_events: await count(
        tx,
        'delete from public.reading_progress_events where work_id = $1 returning 1',
        workId,
      ),
      import_sources: await count(
        tx,
        'delete from public.import_sources where work_id = $1 returning 1',
        workId,
      ),
    };
    await tx.query('update public.works set primary_edition_id = null where id = $1', [workId]);
    await tx.query('delete from public.editions where work_id = $1', [workId]);
    await tx.query('delete from public.works where id = $1', [workId]);
    // Authors known only from this work (the file named them) go with it; Open Library's stay.
    const authors = await tx.query<{ id: string }>(
      `delete from public.authors a where a.id = any($1::uuid[]) and a.ol_key is null
         and not exists (select 1 from public.work_authors wa where wa.author_id = a.id)
         and not exists (select 1 from public.edition_authors ea where ea.author_id = a.id)
       returning a.id`,
      [credited.map((c) => c.author_id)],
    );
    await recordAudit(tx, {
      actorId,
      action: 'remove-work',
      targetId: workId,
      before,
      after: { removed, authors_removed: authors.map((a) => a.id) },
    });
  });
}

async function count(tx: Queryable, sql: string, workId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(`with m as (${sql}) select count(*)::int as n from m`, [
    workId,
  ]);
  return row?.n ?? 0;
}

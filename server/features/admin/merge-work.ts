// Merging two works that are one book: everything hanging off the source moves to the target, the source
// is deleted, and nothing is lost or left pointing at nothing. One transaction; both work rows are locked
// first (in id order, so two opposite merges cannot deadlock), which also makes concurrent review writes
// for either work wait for the merge and then see its result.
//
// Rules:
// - editions move (ids unchanged), so shelf items and progress events keep their edition and only change
//   work_id; a shelf item cannot collide on (shelf_id, edition_id) because no edition id changes;
// - work_authors: the union; the target's authors keep their positions, the source's new ones follow them
//   in their own order; work_genres: the union;
// - reviews: one per reader per work, so a reader with a review on both keeps the newer one (the later
//   updated_at, i.e. the last one written; on a tie the target's) and the other is deleted; the rest move.
//   Work ratings follow through the reviews trigger (migration 0020), so they stay exact;
// - the target keeps its own title, dates and locks; it takes the source's primary edition and Open Library
//   key only where it has none.
import type { Db, Queryable } from '../../db/db';
import { one } from '../../db/db';
import { notFound } from '../../http/errors';
import { recordAudit } from './audit';

export interface WorkFootprint {
  id: string;
  title: string;
  primary_edition_id: string | null;
  ol_key: string | null;
  rating_count: number;
  rating_sum: number;
  editions: number;
  work_authors: number;
  work_genres: number;
  shelf_items: number;
  reading_progress_events: number;
  reviews: number;
}

async function footprints(tx: Queryable, first: string, second = first): Promise<WorkFootprint[]> {
  return tx.query<WorkFootprint>(
    `select w.id, w.title, w.primary_edition_id, w.ol_key, w.rating_count, w.rating_sum,
            (select count(*) from public.editions x where x.work_id = w.id) as editions,
            (select count(*) from public.work_authors x where x.work_id = w.id) as work_authors,
            (select count(*) from public.work_genres x where x.work_id = w.id) as work_genres,
            (select count(*) from public.shelf_items x where x.work_id = w.id) as shelf_items,
            (select count(*) from public.reading_progress_events x where x.work_id = w.id)
              as reading_progress_events,
            (select count(*) from public.reviews x where x.work_id = w.id) as reviews
     from public.works w where w.id in ($1, $2)`,
    [first, second],
  );
}

/** Runs a data-modifying statement that RETURNS one row per row changed, and answers how many. */
async function changed(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  return (await one<{ n: number }>(tx, `with m as (${sql}) select count(*) as n from m`, params)).n;
}

interface DroppedReview {
  id: string;
  user_id: string;
  work_id: string;
  rating: number;
  updated_at: string;
}

export async function mergeWork(db: Db, actorId: string, fromId: string, intoId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from public.works where id in ($1, $2) order by id for update', [
      fromId,
      intoId,
    ]);
    const before = await footprints(tx, fromId, intoId);
    const from = before.find((w) => w.id === fromId);
    const into = before.find((w) => w.id === intoId);
    if (!from) throw notFound('Work not found');
    if (!into) throw notFound('Target work not found');

    // Each statement below bumps the reading-summary version (migration 0060) of the readers it touches,
    // so a merge would lock those rows one statement at a time, in no overall order: two merges whose
    // readers cross deadlocked (40P01, answered 500). Bumping every reader of either work at once, in the
    // function's user_id order, takes them all here; the later bumps find the rows already held.
    await tx.query(
      `select public.bump_reading_summaries(array(
         select user_id from public.reading_progress_events where work_id in ($1, $2)
         union select user_id from public.reviews where work_id in ($1, $2)))`,
      [fromId, intoId],
    );

    const dropped = await tx.query<DroppedReview>(
      `with pairs as (
         select case when s.updated_at > t.updated_at then t.id else s.id end as loser_id
         from public.reviews s join public.reviews t on t.user_id = s.user_id and t.work_id = $2
         where s.work_id = $1)
       delete from public.reviews r using pairs where r.id = pairs.loser_id
       returning r.id, r.user_id, r.work_id, r.rating, r.updated_at`,
      [fromId, intoId],
    );
    const params = [fromId, intoId];
    const moved = {
      reviews: await changed(
        tx,
        'update public.reviews set work_id = $2 where work_id = $1 returning 1',
        params,
      ),
      editions: await changed(
        tx,
        'update public.editions set work_id = $2, updated_at = now() where work_id = $1 returning 1',
        params,
      ),
      shelf_items: await changed(
        tx,
        'update public.shelf_items set work_id = $2 where work_id = $1 returning 1',
        params,
      ),
      reading_progress_events: await changed(
        tx,
        'update public.reading_progress_events set work_id = $2 where work_id = $1 returning 1',
        params,
      ),
      work_authors: await changed(
        tx,
        `insert into public.work_authors (work_id, author_id, position)
         select $2, s.author_id,
                (select coalesce(max(t.position) + 1, 0) from public.work_authors t where t.work_id = $2)
                  + row_number() over (order by s.position, s.author_id) - 1
         from public.work_authors s
         where s.work_id = $1
           and not exists (select 1 from public.work_authors t
                           where t.work_id = $2 and t.author_id = s.author_id)
         returning 1`,
        params,
      ),
      work_genres: await changed(
        tx,
        `insert into public.work_genres (work_id, genre_id)
         select $2, genre_id from public.work_genres where work_id = $1
         on conflict do nothing returning 1`,
        params,
      ),
    };

    // Its authors and genres go with it (on delete cascade); everything else has moved.
    await tx.query('delete from public.works where id = $1', [fromId]);
    await tx.query(
      `update public.works
       set primary_edition_id = coalesce(primary_edition_id, $2::uuid), ol_key = coalesce(ol_key, $3),
           updated_at = now()
       where id = $1`,
      [intoId, from.primary_edition_id, from.ol_key],
    );

    const [after] = await footprints(tx, intoId);
    await recordAudit(tx, {
      actorId,
      action: 'merge-work',
      targetId: intoId,
      before: { from, into },
      after: { into: after, moved, dropped_reviews: dropped },
    });
  });
}

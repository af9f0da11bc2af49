// A work Open Library lists without editions still gets one, so it can be shelved and read (as a reader's
// pick does, pick-import.ts). Runs after the editions step, over the loaded works still without a primary
// edition, in small batches walked by id, so it is quick to resume and holds no long locks.
import type { Db } from '../db/db';

export async function addPlaceholderEditions(db: Db, batch = 2000): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let added = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const works = await tx.query<{ id: string }>(
        `select id from public.works
         where id > $1 and ol_revision is not null and primary_edition_id is null
         order by id limit $2`,
        [after, batch],
      );
      if (works.length === 0) return works;
      const ids = works.map((w) => w.id);
      const inserted = await tx.query<{ id: string; work_id: string }>(
        `insert into public.editions (work_id, title, date, date_string, checked_full_metadata)
         select w.id, w.title, w.date, w.date_string, true from public.works w
         where w.id = any($1::uuid[])
           and not exists (select 1 from public.editions e where e.work_id = w.id)
         returning id, work_id`,
        [ids],
      );
      await tx.query(
        `insert into public.edition_authors (edition_id, author_id, position)
         select e.id, wa.author_id, wa.position
         from public.editions e join public.work_authors wa on wa.work_id = e.work_id
         where e.id = any($1::uuid[])`,
        [inserted.map((e) => e.id)],
      );
      // The work's first edition otherwise (one whose primary was removed by an admin, say).
      await tx.query(
        `update public.works w set primary_edition_id = (
           select e.id from public.editions e where e.work_id = w.id order by e.created_at, e.id limit 1)
         where w.id = any($1::uuid[]) and w.primary_edition_id is null`,
        [ids],
      );
      added += inserted.length;
      return works;
    });
    if (rows.length === 0) return added;
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

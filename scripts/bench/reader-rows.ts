// The rows of the synthetic readers, gathered as column arrays and inserted in one transaction with
// multi-row inserts of unnest()ed arrays.
import { randomUUID } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Db, Queryable } from '../../server/db/db';
import { insertColumns } from './bulk-load';

export interface Edition {
  editionId: string;
  workId: string;
  pageCount: number;
}

export class Rows {
  readonly users = { id: [] as string[], email: [] as string[], password: [] as (string | null)[] };
  readonly sessions = { id: [] as string[], user: [] as string[] };
  readonly profiles = { id: [] as string[], username: [] as string[] };
  readonly shelves = {
    id: [] as string[],
    user: [] as string[],
    name: [] as string[],
    slug: [] as (string | null)[],
  };
  readonly items = {
    shelf: [] as string[],
    edition: [] as string[],
    work: [] as string[],
    key: [] as string[],
  };
  readonly events = {
    user: [] as string[],
    edition: [] as string[],
    work: [] as string[],
    type: [] as string[],
    start: [] as (number | null)[],
    end: [] as (number | null)[],
    at: [] as string[],
  };
  readonly reviews = {
    user: [] as string[],
    work: [] as string[],
    edition: [] as string[],
    rating: [] as number[],
    /** Mood ids (review-options MOODS) per review. */
    moods: [] as number[][],
    headline: [] as string[],
    body: [] as (string | null)[],
    at: [] as string[],
  };

  shelf(userId: string, name: string, slug: string | null, editions: Edition[]): string {
    const id = randomUUID();
    this.shelves.id.push(id);
    this.shelves.user.push(userId);
    this.shelves.name.push(name);
    this.shelves.slug.push(slug);
    const keys = editions.length > 0 ? generateNKeysBetween(null, null, editions.length) : [];
    editions.forEach((e, i) => {
      this.items.shelf.push(id);
      this.items.edition.push(e.editionId);
      this.items.work.push(e.workId);
      this.items.key.push(keys[i] as string);
    });
    return id;
  }

  event(userId: string, e: Edition, type: string, start: number | null, end: number | null, at: number) {
    this.events.user.push(userId);
    this.events.edition.push(e.editionId);
    this.events.work.push(e.workId);
    this.events.type.push(type);
    this.events.start.push(start);
    this.events.end.push(end);
    this.events.at.push(new Date(at).toISOString());
  }
}

export async function insertPopulation(db: Db, rows: Rows): Promise<void> {
  await db.transaction(async (tx: Queryable) => {
    // Foreign key checks and the per-row rating trigger are off for the load; the ratings are added up
    // once at the end, exactly as the trigger would have left them.
    await tx.query(`set local session_replication_role = replica`);
    const { users, sessions, profiles, shelves, items, events, reviews } = rows;
    await insertColumns(
      tx,
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at)
       select id, email, password, now() from unnest($1::uuid[], $2::text[], $3::text[]) as t(id, email, password)`,
      [users.id, users.email, users.password],
    );
    await insertColumns(
      tx,
      `insert into auth.sessions (id, user_id) select * from unnest($1::uuid[], $2::uuid[])`,
      [sessions.id, sessions.user],
    );
    await insertColumns(
      tx,
      'insert into public.profiles (id, username) select * from unnest($1::uuid[], $2::text[])',
      [profiles.id, profiles.username],
    );
    await insertColumns(
      tx,
      `insert into public.shelves (id, user_id, name, slug)
       select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[])`,
      [shelves.id, shelves.user, shelves.name, shelves.slug],
    );
    await insertColumns(
      tx,
      `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[])`,
      [items.shelf, items.edition, items.work, items.key],
    );
    await insertColumns(
      tx,
      `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, start_page,
                                                   end_page, created_at, updated_at)
       select u, e, w, t, s, n, at, at
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::int[], $7::timestamptz[])
         as x(u, e, w, t, s, n, at)`,
      [events.user, events.edition, events.work, events.type, events.start, events.end, events.at],
    );
    await insertColumns(
      tx,
      `insert into public.reviews (user_id, work_id, edition_id, rating, moods, headline, review_body,
                                   created_at, updated_at)
       select u, w, e, r, m::smallint[], h, b, at, at
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::text[], $6::text[], $7::timestamptz[],
                   $8::text[])
         as x(u, w, e, r, h, b, at, m)`,
      [
        reviews.user,
        reviews.work,
        reviews.edition,
        reviews.rating,
        reviews.headline,
        reviews.body,
        reviews.at,
        // Array literals ('{1,9}'): unnest() would flatten an array of arrays.
        reviews.moods.map((m) => `{${m.join(',')}}`),
      ],
    );
    await tx.query(
      `update public.works w set rating_count = agg.n, rating_sum = agg.total
       from (select work_id, count(*) as n, sum(rating) as total from public.reviews group by work_id) agg
       where agg.work_id = w.id`,
    );
  });
}

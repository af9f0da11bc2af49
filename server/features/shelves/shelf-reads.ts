// Reads of shelves and their items. A page of items is one statement whatever its length: the rows, in the
// unique (shelf_id, sort_key) index's order, and the authors of all their editions at once.
//
// Every read is either the owner's (items with owner_visible, dated added_at) or the public's (items with a
// published_at, dated by it), so what private reading events did to the shelves shows only to the reader
// (migration 0041).
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import type { Shelf, ShelfItem } from '@shared/api/shelves';
import type { Queryable } from '../../db/db';
import { coverUrl } from '../../db/cover-url';
import { isoTimestamp } from '../../db/types';
import { authorsByEdition, editionCreditsJsonSql } from '../catalogue/queries';
import type { EditionCredit } from '../catalogue/queries';
import { isPublicAccount } from '../profiles/public-account';

const builtinOrder = BUILTIN_SHELVES.map((s) => s.slug);

/** Built-ins first in SPEC.md order (the slugs array is the given parameter), then custom shelves by name. */
const shelfOrder = (slugsParam: string) =>
  `array_position(${slugsParam}::text[], s.slug) nulls last, lower(s.name), s.id`;

export type ShelfView = 'owner' | 'public';

/** SQL condition on shelf_items `si`: the item is in this view. */
const inView = (view: ShelfView) => (view === 'owner' ? 'si.owner_visible' : 'si.published_at is not null');

export async function listShelves(q: Queryable, userId: string): Promise<Shelf[]> {
  return q.query<Shelf>(
    `select s.id, s.name, s.description, s.slug from public.shelves s
     where s.user_id = $1 order by ${shelfOrder('$2')}`,
    [userId, builtinOrder],
  );
}

export interface ShelfWithCount {
  id: string;
  name: string;
  count: number;
}

/** Every shelf of the reader with the number of items they see on it. */
export async function shelvesWithCounts(q: Queryable, userId: string): Promise<ShelfWithCount[]> {
  return q.query<ShelfWithCount>(
    `select s.id, s.name, count(si.edition_id) filter (where ${inView('owner')})::int as count
     from public.shelves s left join public.shelf_items si on si.shelf_id = s.id
     where s.user_id = $1
     group by s.id
     order by ${shelfOrder('$2')}`,
    [userId, builtinOrder],
  );
}

/**
 * The shelves anyone may see listed on the reader's profile, with public item counts: at most `limit`, and
 * how many there are in all. Custom shelves always (making one is the reader's own public act); built-ins
 * only once they hold a public item, because they are made on first use, and a private event may be that
 * first use.
 */
export async function publicShelvesWithCounts(
  q: Queryable,
  userId: string,
  limit: number,
): Promise<{ shelves: ShelfWithCount[]; total: number }> {
  const rows = await q.query<ShelfWithCount & { total: number }>(
    `with listed as (
       select s.id, s.name, s.slug, count(si.edition_id) filter (where ${inView('public')})::int as count
       from public.shelves s left join public.shelf_items si on si.shelf_id = s.id
       where s.user_id = $1
       group by s.id
       having s.slug is null or count(si.edition_id) filter (where ${inView('public')}) > 0
     )
     select s.id, s.name, s.count, count(*) over ()::int as total
     from listed s order by ${shelfOrder('$2')} limit $3`,
    [userId, builtinOrder, limit],
  );
  return { shelves: rows.map(({ id, name, count }) => ({ id, name, count })), total: rows[0]?.total ?? 0 };
}

export async function shelvesHoldingEdition(
  q: Queryable,
  userId: string,
  editionId: string,
  workId: string | undefined,
): Promise<string[]> {
  // With the work: a shelf holding any edition of it counts ('Your Lists' on the work page), so a book
  // shelved as another edition (an import matched by ISBN to a non-primary one) is ticked on every view.
  // The edition must be the work's; otherwise nothing is on.
  const rows = await q.query<{ id: string }>(
    `select s.id from public.shelf_items si join public.shelves s on s.id = si.shelf_id
     where s.user_id = $2 and ${inView('owner')}
       and case when $3::uuid is null then si.edition_id = $1
                else si.work_id = $3::uuid
                     and exists (select 1 from public.editions e where e.id = $1 and e.work_id = $3::uuid) end
     group by s.id
     order by ${shelfOrder('$4')}`,
    [editionId, userId, workId ?? null, builtinOrder],
  );
  return rows.map((r) => r.id);
}

/**
 * One page of a shelf as `view` sees it, after the `after` key. `raterId` is whose rating fills my_rating:
 * the caller on their own shelf, the owner on a public one. With `ownerId`, only a shelf of that reader
 * answers rows: the owner's check rides along with the page instead of costing a query of its own (an
 * empty answer then leaves the caller to tell "not yours" from "nothing there").
 */
export async function shelfItemsPage(
  q: Queryable,
  shelfId: string,
  raterId: string,
  page: {
    view: ShelfView;
    limit: number;
    after?: string | null | undefined;
    coversBase: string;
    ownerId?: string;
  },
): Promise<ShelfItem[]> {
  /** A row of the page as the database writes it in JSON (timestamps in PostgreSQL's own form). */
  interface Row {
    sort_key: string;
    added_at: string;
    my_rating: number | null;
    average_rating: number | null;
    rating_count: number;
    edition_id: string;
    edition_title: string;
    page_count: number | null;
    work_id: string;
    work_title: string;
    work_verified: boolean;
    stored_cover: string | null;
    isbn: string | null;
  }
  // Written so PostgreSQL keeps one generic plan per variant of the prepared statement
  // (server/db/postgres.ts) instead of planning each call (about 1 ms, more than running it):
  // - the page size is a literal (a LIMIT parameter is planned as a tenth of the rows, which picks hash
  //   joins), and the `after` bound is there only when given (an "is null or" bound cannot use the index
  //   range, so a generic plan of the last page of 10,000 would read the whole shelf);
  // - the shelf and the bound are sub-selects: a value the planner cannot see, so a call's own plan is
  //   estimated no cheaper than the generic one (it saw a 10,000-item shelf and costed 20 rows of it as
  //   cheap), and the cached generic plan is chosen from the sixth call on.
  // One statement answers the page as two JSON arrays, shaped here: its rows, and the author credits of all
  // their editions (a sub-select per row cost 2.5-3x the page). A hundred rows of eleven columns cost more
  // to decode field by field than the query took to run (PGlite: 1.2 ms against 0.3).
  if (!Number.isInteger(page.limit) || page.limit < 1) throw new Error(`bad page size ${page.limit}`);
  const params: unknown[] = [shelfId, raterId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const owner =
    page.ownerId === undefined
      ? ''
      : `join public.shelves s on s.id = si.shelf_id and s.user_id = ${param(page.ownerId)}`;
  const after = page.after == null ? '' : `and si.sort_key > (select ${param(page.after)}::text) collate "C"`;
  const [answer] = await q.query<{ rows: Row[]; credits: EditionCredit[] }>(
    `with p as (
     select si.sort_key, ${page.view === 'owner' ? 'si.added_at' : 'si.published_at'} as added_at,
            -- By (user_id, work_id), the unique key: a join let the planner walk a popular work's reviews.
            (select r.rating from public.reviews r where r.user_id = $2 and r.work_id = si.work_id) as my_rating,
            case when w.rating_count > 0 then round(w.rating_sum / w.rating_count, 2) end as average_rating,
            w.rating_count,
            e.id as edition_id, e.title as edition_title, e.page_count, w.id as work_id, w.title as work_title,
            w.verified as work_verified, e.cover_url as stored_cover, e.isbn
     from public.shelf_items si
     join public.editions e on e.id = si.edition_id
     join public.works w on w.id = si.work_id
     ${owner}
     where si.shelf_id = (select $1::uuid) and ${inView(page.view)} ${after}
     order by si.sort_key
     limit ${page.limit})
     select (select coalesce(json_agg(p order by p.sort_key), '[]') from p) as rows,
            ${editionCreditsJsonSql('array(select p.edition_id from p)')} as credits`,
    params,
  );
  const rows = answer?.rows ?? [];
  const authors = authorsByEdition(answer?.credits ?? []);
  // The cover travels with the page, so a list of covers costs no call per row.
  return rows.map((row) => ({
    sort_key: row.sort_key,
    added_at: isoTimestamp(row.added_at),
    my_rating: row.my_rating,
    average_rating: row.average_rating,
    rating_count: row.rating_count,
    editions: {
      id: row.edition_id,
      title: row.edition_title,
      page_count: row.page_count,
      edition_authors: authors.get(row.edition_id) ?? [],
      cover_url: coverUrl(row.stored_cover, row.isbn, page.coversBase),
    },
    works: { id: row.work_id, title: row.work_title, verified: row.work_verified },
  }));
}

/** The shelf's name and owner, or null when there is no such shelf or its owner is not public. */
export async function publicShelfHeader(
  q: Queryable,
  shelfId: string,
): Promise<{ name: string; username: string; user_id: string } | null> {
  const rows = await q.query<{ name: string; username: string; user_id: string }>(
    `select s.name, p.username, s.user_id from public.shelves s join public.profiles p on p.id = s.user_id
     where s.id = $1 and ${isPublicAccount('s.user_id')}`,
    [shelfId],
  );
  return rows[0] ?? null;
}

export async function shelfCounts(q: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await shelvesWithCounts(q, userId);
  return Object.fromEntries(rows.map((r) => [r.id, r.count]));
}

// What a search result shows beside its title (issue 26): cover, first publication year and the community
// rating. Read for the page of hits after ranking, so the ranking query itself stays as it is.
import type { Queryable } from '../../db/db';
import { coverUrl } from '../../db/cover-url';
import type { SearchHit } from './search';

export interface DetailedHit extends SearchHit {
  primary_edition_id: string | null;
  cover_url: string | null;
  first_publish_year: number | null;
  rating_count: number;
  rating_average: number | null;
}

interface Details {
  id: string;
  edition_id: string | null;
  cover_url: string | null;
  isbn: string | null;
  year: number | null;
  rating_count: number;
  rating_average: number | null;
}

export async function withDetails(
  db: Queryable,
  hits: SearchHit[],
  publicUrl: string,
): Promise<DetailedHit[]> {
  if (hits.length === 0) return [];
  const rows = await db.query<Details>(
    `select w.id, e.id as edition_id, e.cover_url, e.isbn,
            -- The demo catalogue dates ancient works 0001-01-01 (their date_string says "c. 400 BC"): no year.
            case when extract(year from w.date) > 1 then extract(year from w.date)::int end as year, w.rating_count,
            case when w.rating_count > 0 then round(w.rating_sum / w.rating_count, 2)::float8 end as rating_average
     from public.works w
     left join lateral (
       select e.id, e.cover_url, e.isbn from public.editions e where e.work_id = w.id
       order by (e.id = w.primary_edition_id) desc nulls last, e.created_at, e.id limit 1) e on true
     where w.id = any($1::uuid[])`,
    [hits.map((h) => h.work_id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.map((hit) => {
    const d = byId.get(hit.work_id);
    return {
      ...hit,
      rank: Number(hit.rank),
      primary_edition_id: d?.edition_id ?? null,
      cover_url: d ? coverUrl(d.cover_url, d.isbn, publicUrl) : null,
      first_publish_year: d?.year ?? null,
      rating_count: d?.rating_count ?? 0,
      rating_average: d?.rating_average ?? null,
    };
  });
}

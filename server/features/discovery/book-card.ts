// What every discovery card shows of a book (shared/api/discovery.ts discoveryBook): the SQL that reads
// it beside a works row `w` (its primary edition's cover, as search results pick it) and the row's shape.
import type { DiscoveryBook } from '@shared/api/discovery';
import { coverUrl } from '../../db/cover-url';

/** Columns of the card, for a query over public.works `w` that also joins BOOK_CARD_JOIN. */
export const BOOK_CARD_COLUMNS = `w.id as work_id, w.title, w.author_names, w.rating_count,
  case when w.rating_count > 0 then round(w.rating_sum / w.rating_count, 2)::float8 end as rating_average,
  ce.cover_url as stored_cover, ce.isbn as cover_isbn`;

/** The edition whose cover stands for the work: its primary edition, else its first. */
export const BOOK_CARD_JOIN = `left join lateral (
  select e.cover_url, e.isbn from public.editions e where e.work_id = w.id
  order by (e.id = w.primary_edition_id) desc nulls last, e.created_at, e.id limit 1) ce on true`;

export interface BookCardRow {
  work_id: string;
  title: string;
  author_names: string;
  rating_count: number;
  rating_average: number | null;
  stored_cover: string | null;
  cover_isbn: string | null;
}

export function bookCard(row: BookCardRow, publicUrl: string): DiscoveryBook {
  return {
    work_id: row.work_id,
    title: row.title,
    author_names: row.author_names,
    cover_url: coverUrl(row.stored_cover, row.cover_isbn, publicUrl),
    rating_average: row.rating_average === null ? null : Number(row.rating_average),
    rating_count: Number(row.rating_count),
  };
}

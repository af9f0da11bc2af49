// Trending as stored by the trending job (trending-job.ts): one range of trending_works' primary key per
// page, the works' card details joined for that page alone. A work that stopped being verified since the
// last run is passed over at once, not at the next run.
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { BOOK_CARD_COLUMNS, BOOK_CARD_JOIN, bookCard } from './book-card';
import type { BookCardRow } from './book-card';
import { assertGenreExists } from './genre-filter';

interface TrendingRow extends BookCardRow {
  rank: number;
  start_readers: number;
  finish_readers: number;
  review_readers: number;
  shelve_readers: number;
}

export async function trendingWorks(
  q: Queryable,
  input: ParsedRequestOf<'trending-works'>,
  publicUrl: string,
): Promise<ResponseOf<'trending-works'>> {
  await assertGenreExists(q, input.genre_id);
  const rows = await q.query<TrendingRow>(
    `select t.rank, t.start_readers, t.finish_readers, t.review_readers, t.shelve_readers, ${BOOK_CARD_COLUMNS}
     from public.trending_works t
     join public.works w on w.id = t.work_id and w.verified
     ${BOOK_CARD_JOIN}
     where t.period = $1 and t.genre_id = $2 and t.rank > $3
     order by t.rank limit $4`,
    [input.period, input.genre_id ?? 0, input.after ?? 0, input.limit + 1],
  );
  const [refresh] = await q.query<{ refreshed_at: Date | string }>(
    'select refreshed_at from public.trending_refreshes where period = $1',
    [input.period],
  );
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((r) => ({
      ...bookCard(r, publicUrl),
      rank: Number(r.rank),
      readers: {
        start: r.start_readers,
        finish: r.finish_readers,
        review: r.review_readers,
        shelve: r.shelve_readers,
      },
    })),
    next_cursor: rows.length > input.limit ? Number(page[page.length - 1]!.rank) : null,
    refreshed_at: refresh ? new Date(refresh.refreshed_at).toISOString() : null,
  };
}

// Reading Recommended (issue 28): one range of reader_recommendations' or popular_works' primary key per
// page, the works' card details joined for that page alone. A work the reader has since shelved, logged,
// reviewed or turned down, or that stopped being verified, is passed over at once, before the next refresh.
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import { explainRecommendation } from '@shared/domain/recommendation-reasons';
import type { ReasonFacts } from '@shared/domain/recommendation-reasons';
import type { Queryable } from '../../db/db';
import { BOOK_CARD_COLUMNS, BOOK_CARD_JOIN, bookCard } from '../discovery/book-card';
import type { BookCardRow } from '../discovery/book-card';

interface RecommendationRow extends BookCardRow {
  rank: number;
  reason: ReasonFacts;
}

const card = (r: RecommendationRow, publicUrl: string) => ({
  ...bookCard(r, publicUrl),
  rank: r.rank,
  reason_facts: r.reason,
  reason: explainRecommendation(r.reason),
});

export async function recommendedWorks(
  q: Queryable,
  userId: string,
  input: ParsedRequestOf<'recommended-works'>,
  publicUrl: string,
): Promise<ResponseOf<'recommended-works'>> {
  const rows = await q.query<RecommendationRow>(
    `select rr.rank, rr.reason, ${BOOK_CARD_COLUMNS}
     from public.reader_recommendations rr
     join public.works w on w.id = rr.work_id and w.verified
     ${BOOK_CARD_JOIN}
     where rr.user_id = $1 and rr.rank > $2
       and not exists (select 1 from public.shelf_items si join public.shelves s on s.id = si.shelf_id
                       where s.user_id = $1 and si.work_id = w.id)
       and not exists (select 1 from public.reading_progress_events e where e.user_id = $1 and e.work_id = w.id)
       and not exists (select 1 from public.reviews r where r.user_id = $1 and r.work_id = w.id)
       and not exists (select 1 from public.not_interested_works n where n.user_id = $1 and n.work_id = w.id)
     order by rr.rank limit $3`,
    [userId, input.after ?? 0, input.limit + 1],
  );
  const [state] = await q.query<{ refreshed_at: Date | string | null; new_reader: boolean }>(
    `select (select refreshed_at from public.reader_recommendation_refreshes where user_id = $1) as refreshed_at,
            not exists (select 1 from public.reviews where user_id = $1)
            and not exists (select 1 from public.reading_progress_events where user_id = $1)
            and not exists (select 1 from public.shelf_items si join public.shelves s on s.id = si.shelf_id
                            where s.user_id = $1)
            and not exists (select 1 from public.reader_taste_choices where user_id = $1) as new_reader`,
    [userId],
  );
  const page = rows.slice(0, input.limit);
  const refreshed = state?.refreshed_at ?? null;
  return {
    items: page.map((r) => card(r, publicUrl)),
    next_cursor: rows.length > input.limit ? (page[page.length - 1]?.rank ?? null) : null,
    refreshed_at: refreshed === null ? null : new Date(refreshed).toISOString(),
    new_reader: state?.new_reader ?? true,
  };
}

export async function popularWorks(
  q: Queryable,
  input: ParsedRequestOf<'popular-works'>,
  publicUrl: string,
): Promise<ResponseOf<'popular-works'>> {
  const rows = await q.query<BookCardRow & { rank: number }>(
    `select p.rank, ${BOOK_CARD_COLUMNS}
     from public.popular_works p
     join public.works w on w.id = p.work_id and w.verified
     ${BOOK_CARD_JOIN}
     where p.genre_id = 0 and p.rank > $1
     order by p.rank limit $2`,
    [input.after ?? 0, input.limit + 1],
  );
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((r) =>
      card(
        {
          ...r,
          reason: {
            kind: 'popular',
            rating_average: Number(r.rating_average ?? 0),
            rating_count: Number(r.rating_count),
          },
        },
        publicUrl,
      ),
    ),
    next_cursor: rows.length > input.limit ? (page[page.length - 1]?.rank ?? null) : null,
  };
}

export async function readersAlsoEnjoyed(
  q: Queryable,
  input: ParsedRequestOf<'readers-also-enjoyed'>,
  publicUrl: string,
): Promise<ResponseOf<'readers-also-enjoyed'>> {
  const rows = await q.query<BookCardRow & { co_liked: number; co_finished: number }>(
    `select s.co_liked, s.co_finished, ${BOOK_CARD_COLUMNS}
     from public.work_similarities s
     join public.works w on w.id = s.similar_work_id and w.verified
     ${BOOK_CARD_JOIN}
     where s.work_id = $1
     order by s.score desc, s.similar_work_id limit $2`,
    [input.work_id, input.limit],
  );
  return {
    items: rows.map((r) => ({ ...bookCard(r, publicUrl), co_liked: r.co_liked, co_finished: r.co_finished })),
  };
}

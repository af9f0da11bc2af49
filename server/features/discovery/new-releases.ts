// New Releases (issue 28): verified works by first publication date, newest first, from RELEASE_PAST_MONTHS
// ago to RELEASE_AHEAD_MONTHS ahead, along works_release_date_idx (migration 0150). A work without a date is
// left out rather than guessed; so are the demo catalogue's placeholder dates, which fall far outside.
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { BOOK_CARD_COLUMNS, BOOK_CARD_JOIN, bookCard } from './book-card';
import type { BookCardRow } from './book-card';
import { assertGenreExists } from './genre-filter';

export const RELEASE_PAST_MONTHS = 12;
export const RELEASE_AHEAD_MONTHS = 3;

interface ReleaseRow extends BookCardRow {
  date: string;
  date_string: string | null;
}

export async function newReleases(
  q: Queryable,
  input: ParsedRequestOf<'new-releases'>,
  publicUrl: string,
): Promise<ResponseOf<'new-releases'>> {
  await assertGenreExists(q, input.genre_id);
  const params: unknown[] = [
    RELEASE_PAST_MONTHS,
    RELEASE_AHEAD_MONTHS,
    input.limit + 1,
    input.genre_id ?? null,
  ];
  let after = '';
  if (input.after) {
    const [date, id] = input.after.split('|');
    params.push(date, id);
    after = 'and (w.date, w.id) < ($5::date, $6::uuid)';
  }
  const rows = await q.query<ReleaseRow>(
    `select to_char(w.date, 'YYYY-MM-DD') as date, w.date_string, ${BOOK_CARD_COLUMNS}
     from public.works w
     ${BOOK_CARD_JOIN}
     where w.verified and w.date is not null
       and w.date >= current_date - make_interval(months => $1)
       and w.date <= current_date + make_interval(months => $2)
       and ($4::int is null or exists (
         select 1 from public.work_genres g where g.work_id = w.id and g.genre_id = $4::int))
       ${after}
     order by w.date desc, w.id desc limit $3`,
    params,
  );
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ ...bookCard(r, publicUrl), date: r.date, date_string: r.date_string })),
    next_cursor: rows.length > input.limit && last ? `${last.date}|${last.work_id}` : null,
  };
}

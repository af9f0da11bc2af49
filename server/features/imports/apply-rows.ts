// What a batch of matched rows adds to the reader's library: their reading history as progress events
// and their reviews, each only when not there already (so importing a file again adds nothing twice),
// and the source rows' editions for the next import of the same file. Set-based: a few statements per
// batch, not per row.
import { reviewProblem } from '@shared/domain/review-options';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import type { Queryable } from '../../db/db';
import type { Change } from './changes';
import type { BookMatch } from './match-books';

const MAX_JOURNAL = 200_000;

export interface Applied {
  /** Row → things said about it beyond the match (notes, a review that could not be kept). */
  notes: Map<number, string[]>;
}

export async function applyRows(
  tx: Queryable,
  userId: string,
  records: readonly LibraryRecord[],
  matches: ReadonlyMap<number, BookMatch>,
  changes: Change[],
  /** The events are reads a Goodreads or StoryGraph file dated, not the reader's own logs (0098). */
  datedReads: boolean,
): Promise<Applied> {
  const notes = new Map<number, string[]>(records.map((r) => [r.row, [...r.notes]]));
  const note = (row: number, text: string) => notes.get(row)?.push(text);

  const events = records.flatMap((r) => {
    const m = matches.get(r.row);
    if (!m) return [];
    return r.events.map((e) => ({
      edition_id: m.editionId,
      work_id: m.workId,
      type: e.type,
      start_page: e.start_page,
      end_page: e.end_page,
      start_percent: e.start_percent,
      end_percent: e.end_percent,
      journal_md: e.journal_md === null ? null : e.journal_md.slice(0, MAX_JOURNAL),
      is_public: e.is_public,
      at: e.at,
      updated_at: e.updated_at ?? null,
    }));
  });
  if (events.length > 0) {
    const inserted = await tx.query<{ id: string }>(
      `insert into public.reading_progress_events
         (user_id, edition_id, work_id, event_type, start_page, end_page, start_percent, end_percent,
          journal_md, is_public, created_at, updated_at, imported_read)
       select distinct on (x.edition_id, x.type, x.at)
              $1, x.edition_id, x.work_id, x.type, x.start_page, x.end_page, x.start_percent, x.end_percent,
              x.journal_md, x.is_public, x.at, coalesce(x.updated_at, x.at), $3::boolean
       from jsonb_to_recordset($2::jsonb) as x(edition_id uuid, work_id uuid, type text, start_page int,
              end_page int, start_percent numeric, end_percent numeric, journal_md text, is_public boolean,
              at timestamptz, updated_at timestamptz)
       where not exists (
         select 1 from public.reading_progress_events ev
         where ev.user_id = $1 and ev.edition_id = x.edition_id and ev.event_type = x.type
           and ev.created_at = x.at)
       returning id`,
      [userId, JSON.stringify(events), datedReads],
    );
    for (const e of inserted) changes.push({ kind: 'event', ref: { id: e.id } });
  }

  const reviews: Record<string, unknown>[] = [];
  const reviewedWorks = new Set<string>();
  for (const r of records) {
    const m = matches.get(r.row);
    const review = r.review;
    if (!m || !review) continue;
    const contentWarnings = Object.fromEntries(
      Object.entries(review.content_warnings).filter(([, v]) => v > 0),
    );
    const problem = reviewProblem({
      rating: review.rating,
      tone: review.tone,
      pace: review.pace,
      story_focus: review.story_focus,
      headline: review.headline,
      review_body: review.review_body,
      mood_ids: review.mood_ids,
      quality_ids: review.quality_ids,
      content_warnings: contentWarnings,
    });
    if (problem) {
      note(r.row, `Review not imported: ${problem}`);
      continue;
    }
    if (reviewedWorks.has(m.workId)) continue;
    reviewedWorks.add(m.workId);
    reviews.push({
      work_id: m.workId,
      edition_id: m.editionId,
      rating: review.rating,
      headline: review.headline,
      review_body: review.review_body,
      spoiler: review.spoiler,
      tone_q: review.tone,
      pace_q: review.pace,
      recommend_yes: review.recommend,
      story_focus_q: review.story_focus,
      moods: [...review.mood_ids].sort((a, b) => a - b),
      qualities: [...review.quality_ids].sort((a, b) => a - b),
      content_warnings: contentWarnings,
      created_at: review.created_at,
      updated_at: review.updated_at ?? null,
    });
  }
  if (reviews.length > 0) {
    // One statement: the rating trigger keeps each work's rating_sum/rating_count exact per inserted row.
    const inserted = await tx.query<{ id: string }>(
      `insert into public.reviews
         (user_id, work_id, edition_id, rating, headline, review_body, spoiler, tone_q, pace_q, recommend_yes,
          story_focus_q, moods, qualities, content_warnings, created_at, updated_at)
       select $1, x.work_id, x.edition_id, x.rating, x.headline, x.review_body, x.spoiler, x.tone_q, x.pace_q,
              x.recommend_yes, x.story_focus_q,
              array(select jsonb_array_elements_text(x.moods)::smallint),
              array(select jsonb_array_elements_text(x.qualities)::smallint),
              x.content_warnings, coalesce(x.created_at, now()), coalesce(x.updated_at, x.created_at, now())
       from jsonb_to_recordset($2::jsonb) as x(work_id uuid, edition_id uuid, rating numeric, headline text,
              review_body text, spoiler boolean, tone_q smallint, pace_q smallint, recommend_yes boolean,
              story_focus_q smallint, moods jsonb, qualities jsonb, content_warnings jsonb, created_at timestamptz,
              updated_at timestamptz)
       on conflict (user_id, work_id) do nothing
       returning id`,
      [userId, JSON.stringify(reviews)],
    );
    for (const rv of inserted) changes.push({ kind: 'review', ref: { id: rv.id } });
  }

  const sources = records.flatMap((r) => {
    const m = matches.get(r.row);
    return m ? [{ source_key: r.key, edition_id: m.editionId, work_id: m.workId }] : [];
  });
  if (sources.length > 0) {
    const inserted = await tx.query<{ source_key: string }>(
      `insert into public.import_sources (user_id, source_key, edition_id, work_id)
       select distinct on (x.source_key) $1, x.source_key, x.edition_id, x.work_id
       from jsonb_to_recordset($2::jsonb) as x(source_key text, edition_id uuid, work_id uuid)
       on conflict (user_id, source_key) do nothing
       returning source_key`,
      [userId, JSON.stringify(sources)],
    );
    for (const s of inserted) changes.push({ kind: 'source', ref: { source_key: s.source_key } });
  }
  return { notes };
}

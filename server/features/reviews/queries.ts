// Review reads and writes. Work ratings are not touched here: the trigger of migration 0020 keeps
// works.rating_sum/rating_count in step with every review write, in the same transaction.
import type { Review } from '@shared/api/reviews';
import type { Db, Queryable } from '../../db/db';
import { maybeOne, one } from '../../db/db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { assertWorkUsable } from '../catalogue/visibility';

/** Large enough for any work page; the caller's own review is first, so it is never cut off. */
export const WORK_REVIEWS_LIMIT = 1000;

type ReviewRow = Review & { found_work: string };

/**
 * One statement: the work row left-joined to its reviews and their authors' profiles. No row at all means
 * no such work; one row with a null review id means a work without reviews.
 */
export async function listWorkReviews(
  db: Queryable,
  workId: string,
  viewerId: string | null,
): Promise<Review[] | null> {
  const rows = await db.query<ReviewRow>(
    `select w.id as found_work, r.id, r.user_id, p.username, p.avatar_url, r.work_id, r.edition_id,
            r.created_at, r.updated_at, r.rating, r.headline, r.review_body, r.spoiler, r.tone_q, r.pace_q,
            r.recommend_yes, r.story_focus_q, to_json(r.moods) as moods, to_json(r.qualities) as qualities,
            r.content_warnings,
            (select count(*)::int from public.likes l where l.review_id = r.id) as like_count,
            (select count(*)::int from public.review_comments c where c.review_id = r.id) as comment_count
     from public.works w
     left join (public.reviews r join public.profiles p on p.id = r.user_id) on r.work_id = w.id
     where w.id = $1
     order by coalesce(r.user_id = $2::uuid, false) desc, r.created_at desc, r.id desc
     limit $3`,
    [workId, viewerId, WORK_REVIEWS_LIMIT],
  );
  if (rows.length === 0) return null;
  return rows.filter((r) => r.id !== null).map(({ found_work: _work, ...review }) => review);
}

export interface ReviewInput {
  work_id: string;
  edition_id: string | null;
  rating: number;
  tone: number | null;
  pace: number | null;
  recommend: boolean | null;
  story_focus: number | null;
  headline: string;
  review_body: string | null;
  spoiler: boolean;
  mood_ids: number[];
  quality_ids: number[];
  content_warnings: Record<string, number>;
}

/**
 * Creates or replaces the user's one review of the work. The work row is share-locked first, so a merge
 * deleting it either finishes before (we answer 'Work not found') or waits for us (and moves our review).
 */
export async function upsertReview(db: Db, userId: string, input: ReviewInput): Promise<string> {
  return db.transaction(async (tx) => {
    const check = await maybeOne<{
      edition_found: boolean;
      edition_work_id: string | null;
      has_profile: boolean;
    }>(
      tx,
      `select e.id is not null as edition_found, e.work_id as edition_work_id, p.id is not null as has_profile
       from public.works w
       left join public.editions e on e.id = $2::uuid
       left join public.profiles p on p.id = $3
       where w.id = $1
       for key share of w`,
      [input.work_id, input.edition_id, userId],
    );
    if (!check) throw notFound('Work not found');
    await assertWorkUsable(tx, input.work_id, userId, 'Work not found');
    if (input.edition_id !== null) {
      if (!check.edition_found) throw notFound('Edition not found');
      if (check.edition_work_id !== input.work_id) throw badRequest('This edition belongs to another work');
    }
    if (!check.has_profile) throw conflict('Set up your profile before writing a review.', 'profile_missing');

    const row = await one<{ id: string }>(
      tx,
      `insert into public.reviews (user_id, work_id, edition_id, rating, headline, review_body, spoiler, tone_q,
                                   pace_q, recommend_yes, story_focus_q, moods, qualities, content_warnings)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               array(select v::smallint
                     from jsonb_array_elements_text($12::jsonb) with ordinality t (v, i) order by i),
               array(select v::smallint
                     from jsonb_array_elements_text($13::jsonb) with ordinality t (v, i) order by i),
               $14::jsonb)
       on conflict (user_id, work_id) do update set
         edition_id = excluded.edition_id, rating = excluded.rating, headline = excluded.headline,
         review_body = excluded.review_body, spoiler = excluded.spoiler, tone_q = excluded.tone_q,
         pace_q = excluded.pace_q, recommend_yes = excluded.recommend_yes,
         story_focus_q = excluded.story_focus_q, moods = excluded.moods, qualities = excluded.qualities,
         content_warnings = excluded.content_warnings, updated_at = now()
       returning id`,
      [
        userId,
        input.work_id,
        input.edition_id,
        input.rating,
        input.headline,
        input.review_body,
        input.spoiler,
        input.tone,
        input.pace,
        input.recommend,
        input.story_focus,
        JSON.stringify(input.mood_ids),
        JSON.stringify(input.quality_ids),
        JSON.stringify(input.content_warnings),
      ],
    );
    return row.id;
  });
}

/** Deletes the review only when it is the user's own; answers whether one was deleted. */
export async function deleteOwnReview(db: Queryable, userId: string, reviewId: string): Promise<boolean> {
  const rows = await db.query('delete from public.reviews where id = $1 and user_id = $2 returning id', [
    reviewId,
    userId,
  ]);
  return rows.length > 0;
}

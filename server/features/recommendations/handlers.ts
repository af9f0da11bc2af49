// /sf/ calls of Recommended (issue 28). Reads are lookups of what the recommender jobs stored; the writes
// ("Not interested", a new reader's taste) change the reader's own rows only, and ask for a refresh
// through migration 0180's triggers.
import type { recommendationsEndpoints } from '@shared/api/recommendations';
import type { Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import type { AreaHandlers } from '../../http/handler-context';
import { takeLimit } from '../community/limits';
import { refreshReader } from './reader-refresh';
import { popularWorks, readersAlsoEnjoyed, recommendedWorks } from './recommended';

/** Taste choices a reader may make in a minute: far more than choosing by hand takes. */
export const MAX_TASTE_CHOICES_PER_MINUTE = 10;
const TASTE_LIMIT_MESSAGE = `You can choose your tastes ${MAX_TASTE_CHOICES_PER_MINUTE} times a minute. Try again in a minute.`;

/** Only a verified work can be recommended, turned down or asked about. */
async function assertVerifiedWork(q: Queryable, workId: string): Promise<void> {
  const rows = await q.query('select 1 from public.works where id = $1 and verified', [workId]);
  if (rows.length === 0) throw notFound('Work not found');
}

export const recommendationsHandlers = {
  async 'recommended-works'(input, { deps, user }) {
    return recommendedWorks(deps.db, user.userId, input, deps.config.publicUrl);
  },
  async 'popular-works'(input, { deps }) {
    return popularWorks(deps.db, input, deps.config.publicUrl);
  },
  async 'mark-not-interested'(input, { deps, user }) {
    await assertVerifiedWork(deps.db, input.work_id);
    await deps.db.transaction(async (tx) => {
      await tx.query(
        `insert into public.not_interested_works (user_id, work_id) values ($1, $2)
         on conflict do nothing`,
        [user.userId, input.work_id],
      );
      await tx.query('delete from public.reader_recommendations where user_id = $1 and work_id = $2', [
        user.userId,
        input.work_id,
      ]);
    });
    return { ok: true as const };
  },
  async 'undo-not-interested'(input, { deps, user }) {
    await assertVerifiedWork(deps.db, input.work_id);
    await deps.db.query('delete from public.not_interested_works where user_id = $1 and work_id = $2', [
      user.userId,
      input.work_id,
    ]);
    // Back at once, not after the debounce: the card the reader just turned down returns where it was.
    await refreshReader(deps.db, user.userId);
    return { ok: true as const };
  },
  async 'taste-choice'(_input, { deps, user }) {
    const [row] = await deps.db.query<{ genre_ids: number[]; moods: number[] }>(
      'select genre_ids, moods from public.reader_taste_choices where user_id = $1',
      [user.userId],
    );
    return { genre_ids: row?.genre_ids ?? [], moods: (row?.moods ?? []).map(Number) };
  },
  async 'choose-taste'(input, { deps, user }) {
    const genreIds = [...new Set(input.genre_ids)];
    const moods = [...new Set(input.moods)];
    const known = await deps.db.query('select id from public.genres where id = any($1::int[])', [genreIds]);
    if (known.length !== genreIds.length) throw badRequest('genre_ids names a genre that does not exist');
    await deps.db.transaction(async (tx) => {
      // Each choice recomputes the reader's list below, so choices are counted per minute.
      const window = await takeLimit(
        tx,
        user.userId,
        'taste',
        MAX_TASTE_CHOICES_PER_MINUTE,
        TASTE_LIMIT_MESSAGE,
      );
      await tx.query(
        `insert into public.reader_taste_choices (user_id, genre_ids, moods, updated_at) values ($1, $2, $3, now())
         on conflict (user_id) do update set genre_ids = excluded.genre_ids, moods = excluded.moods,
                                             updated_at = excluded.updated_at`,
        [user.userId, genreIds, moods],
      );
      await window.count();
    });
    // "Recommendations from them at once": computed in this call, not after the debounce.
    await refreshReader(deps.db, user.userId);
    return { ok: true as const };
  },
  async 'readers-also-enjoyed'(input, { deps }) {
    await assertVerifiedWork(deps.db, input.work_id);
    return readersAlsoEnjoyed(deps.db, input, deps.config.publicUrl);
  },
} satisfies AreaHandlers<typeof recommendationsEndpoints>;

// log-progress-event: SPEC.md §4's transitions per reader and edition, §5's ranges against the edition's
// page count, then the event and the built-in shelves in one transaction.
import type { ParsedRequestOf } from '@shared/api/endpoints';
import type { ReadingEvent } from '@shared/api/reading';
import { validateProgressEvent } from '@shared/domain/progress-validation';
import type { ReadingEventType } from '@shared/domain/reading-state';
import {
  allowedNextEvents,
  canLogEvent,
  isInProgress,
  transitionErrorMessage,
} from '@shared/domain/reading-state';
import type { Db, Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { shelveAfterEvent } from './shelve-after-event';
import { findEvent } from './event-queries';
import { sanitizeJournal } from './journal-html';
import { assertWorkUsable } from '../catalogue/visibility';

// Advisory lock class for "one reader's events on one edition"; the second key is a hash of the pair.
// Two-key advisory locks never collide with the one-key locks used elsewhere (migrations).
const EDITION_EVENTS_LOCK = 7_274_015;

/**
 * Serialises writers of one reader's events on one edition until the transaction ends, so two parallel
 * events cannot both pass a transition check that only one of them should.
 */
export async function lockReaderEdition(tx: Queryable, userId: string, editionKey: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(${EDITION_EVENTS_LOCK}, hashtext($1))`, [
    `${userId}:${editionKey}`,
  ]);
}

async function latestEvent(tx: Queryable, userId: string, editionId: string) {
  return maybeOne<{ event_type: ReadingEventType }>(
    tx,
    `select event_type from public.reading_progress_events
     where user_id = $1 and edition_id = $2 order by created_at desc, id desc limit 1`,
    [userId, editionId],
  );
}

/** The reader's latest event on any edition of the work: SPEC.md §4's "another edition is active" test. */
async function latestWorkEvent(tx: Queryable, userId: string, workId: string) {
  return maybeOne<{ event_type: ReadingEventType; edition_id: string }>(
    tx,
    `select event_type, edition_id from public.reading_progress_events
     where user_id = $1 and work_id = $2 order by created_at desc, id desc limit 1`,
    [userId, workId],
  );
}

export async function logProgressEvent(
  db: Db,
  userId: string,
  input: ParsedRequestOf<'log-progress-event'>,
): Promise<ReadingEvent> {
  const edition = await maybeOne<{ id: string; work_id: string; page_count: number | null }>(
    db,
    'select id, work_id, page_count from public.editions where id = $1',
    [input.edition_id],
  );
  if (!edition) throw notFound('Edition not found');
  if (edition.work_id !== input.work_id) throw badRequest('This edition is not an edition of that work.');
  await assertWorkUsable(db, edition.work_id, userId, 'Edition not found');

  const checked = validateProgressEvent(
    input.event_type,
    {
      start_page: input.start_page ?? null,
      end_page: input.end_page ?? null,
      start_percent: input.start_percent ?? null,
      end_percent: input.end_percent ?? null,
    },
    edition.page_count,
  );
  if (!checked.ok) throw badRequest(checked.message);
  const journal = input.journal_md == null ? null : sanitizeJournal(input.journal_md);

  return db.transaction(async (tx) => {
    // Starts take the reader's work-wide lock too, so two editions cannot be started at once either.
    if (input.event_type === 'start') await lockReaderEdition(tx, userId, `work:${edition.work_id}`);
    await lockReaderEdition(tx, userId, edition.id);
    if (input.event_type === 'start') {
      const workLatest = await latestWorkEvent(tx, userId, edition.work_id);
      if (workLatest && workLatest.edition_id !== edition.id && isInProgress(workLatest.event_type)) {
        throw new ApiError(
          409,
          'another_edition_active',
          'You are already reading another edition of this book.',
          {
            edition_id: workLatest.edition_id,
          },
        );
      }
    }
    const latest = await latestEvent(tx, userId, edition.id);
    const state = latest?.event_type ?? null;
    if (!canLogEvent(state, input.event_type)) {
      throw new ApiError(409, 'invalid_transition', transitionErrorMessage(state, input.event_type), {
        current_state: state ?? 'none',
        allowed: allowedNextEvents(state),
      });
    }
    const v = checked.values;
    // clock_timestamp(), not now(): the transaction may have begun before the previous event committed.
    // Strictly after the previous event, so "latest" is never a tie.
    const [row] = await tx.query<{ id: string }>(
      `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, start_page,
         end_page, start_percent, end_percent, journal_md, is_public, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
         greatest(clock_timestamp(), (
           select p.created_at + interval '1 microsecond' from public.reading_progress_events p
           where p.user_id = $1 and p.edition_id = $2 order by p.created_at desc limit 1)))
       returning id`,
      [
        userId,
        edition.id,
        edition.work_id,
        input.event_type,
        v.start_page,
        v.end_page,
        v.start_percent,
        v.end_percent,
        journal,
        input.is_public,
      ],
    );
    await shelveAfterEvent(tx, userId, input.event_type, edition, input.is_public);
    const event = await findEvent(tx, userId, (row as { id: string }).id);
    if (!event) throw new Error('inserted event not found');
    return event;
  });
}

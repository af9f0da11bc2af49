// Editing and deleting reading logs, the owner's only: anyone else's log answers 404 as if it did not
// exist. Location values follow SPEC.md §3/§5 "Log inputs" (no bounds beyond what can be stored).
import type { ParsedRequestOf } from '@shared/api/endpoints';
import { progressMessages } from '@shared/domain/progress-validation';
import type { Db } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { PREVIOUS_ON_EDITION } from './event-queries';
import { sanitizeJournal } from './journal-html';
import { lockReaderEdition } from './log-progress-event';

const LOG_NOT_FOUND = 'Reading log not found';
const sent = (value: unknown) => value !== undefined;
const given = (value: unknown) => value !== undefined && value !== null;

/**
 * Sending page values makes the log page-based and clears its percentages; sending percent values the
 * reverse; sending only nulls clears the location; sending none of the four leaves it alone.
 */
function locationUpdate(input: ParsedRequestOf<'update-reading-log'>): Record<string, number | null> | null {
  const { start_page, end_page, start_percent, end_percent } = input;
  const pages = given(start_page) || given(end_page);
  const percents = given(start_percent) || given(end_percent);
  if (pages && percents) throw badRequest(progressMessages.mixedModes);
  if (![start_page, end_page, start_percent, end_percent].some(sent)) return null;
  return {
    start_page: pages ? (start_page ?? null) : null,
    end_page: pages ? (end_page ?? null) : null,
    start_percent: percents ? (start_percent ?? null) : null,
    end_percent: percents ? (end_percent ?? null) : null,
  };
}

export async function updateReadingLog(
  db: Db,
  userId: string,
  input: ParsedRequestOf<'update-reading-log'>,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [input.id, userId];
  const location = locationUpdate(input);
  for (const [column, value] of Object.entries(location ?? {})) {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (input.journal_md !== undefined) {
    params.push(input.journal_md === null ? null : sanitizeJournal(input.journal_md));
    sets.push(`journal_md = $${params.length}`);
  }
  const rows = await db.query(
    `update public.reading_progress_events set ${[...sets, 'updated_at = now()'].join(', ')}
     where id = $1 and user_id = $2 returning id`,
    params,
  );
  if (rows.length === 0) throw notFound(LOG_NOT_FOUND);
}

export async function deleteReadingLog(db: Db, userId: string, logId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [log] = await tx.query<{ edition_id: string }>(
      'select edition_id from public.reading_progress_events where id = $1 and user_id = $2',
      [logId, userId],
    );
    if (!log) throw notFound(LOG_NOT_FOUND);
    // Deleting changes the edition's latest event, so it takes turns with new events on that edition.
    await lockReaderEdition(tx, userId, log.edition_id);
    // An imported read is listed as one line (its end), so deleting it deletes the start folded into it.
    await tx.query(
      `with e as (select * from public.reading_progress_events where id = $1 and user_id = $2)
       delete from public.reading_progress_events d
       where d.user_id = $2
         and (d.id = $1 or d.id in (select p.id from e cross join lateral ${PREVIOUS_ON_EDITION}))`,
      [logId, userId],
    );
  });
}

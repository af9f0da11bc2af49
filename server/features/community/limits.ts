// The per-reader limits of comments and reports (issue 27), as follows count theirs (follow_days): the
// window's row is taken with an upsert first, inside the write's transaction, so a reader's parallel writes
// queue on that row and are counted one after another; the count goes up only when the write is made.
import { conflict } from '../../http/errors';
import type { Queryable } from '../../db/db';
import { one } from '../../db/db';
import type { LimitKind } from '@shared/domain/limit-windows';
import { windowStart, withinLimit } from '@shared/domain/limit-windows';

/** Locks the reader's current window of `kind` and refuses with 409 limit_reached when it is full. */
export async function takeLimit(
  tx: Queryable,
  userId: string,
  kind: LimitKind,
  max: number,
  message: string,
): Promise<{ count: () => Promise<void> }> {
  const start = windowStart(kind, new Date()).toISOString();
  const row = await one<{ count: number }>(
    tx,
    `insert into public.social_limit_windows (user_id, kind, window_start, count) values ($1, $2, $3, 0)
     on conflict (user_id, kind, window_start) do update set count = public.social_limit_windows.count
     returning count`,
    [userId, kind, start],
  );
  if (!withinLimit(row.count, max)) throw conflict(message, 'limit_reached');
  return {
    count: async () => {
      await tx.query(
        `update public.social_limit_windows set count = count + 1
         where user_id = $1 and kind = $2 and window_start = $3`,
        [userId, kind, start],
      );
    },
  };
}

/**
 * For a one-statement write: the parameters `$3` (the window's start) and `$4` (the limit) that
 * countInWindowSql names, after the statement's `$1` (the reader) and `$2`.
 */
export function windowParams(kind: LimitKind, max: number): [string, number] {
  return [windowStart(kind, new Date()).toISOString(), max];
}

/**
 * SQL of a CTE for a one-statement write by the reader `$1`: when `when` (a subquery) has a row, counts one
 * write in the reader's current window of `kind` (`$3`) unless it already holds `$4` (withinLimit's rule:
 * used < max), returning a row only when counted. The upsert locks the window's row and judges its latest
 * version, so parallel writes by one reader queue on it and cannot pass the limit.
 */
export function countInWindowSql(kind: LimitKind, when: string): string {
  return `insert into public.social_limit_windows (user_id, kind, window_start, count)
          select $1, '${kind}', $3::timestamptz, 1 from ${when} w
          on conflict (user_id, kind, window_start)
            do update set count = public.social_limit_windows.count + 1
            where public.social_limit_windows.count < $4::int
          returning count`;
}

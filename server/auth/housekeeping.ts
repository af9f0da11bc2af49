// Removes what nobody can use any more: old rate-limit windows, abandoned or finished flows, dead e-mail
// links. Runs at most once an hour per server instance, on the back of an auth request.
import type { Db } from '../db/db';
import { AUTH_LEFTOVERS_KEEP_SECONDS } from './limits';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export function createHousekeeping(db: Db, now: () => number = Date.now): { maybeSweep(): Promise<void> } {
  let last = 0;
  return {
    async maybeSweep() {
      if (now() - last < SWEEP_EVERY_MS) return;
      last = now();
      const keep = [AUTH_LEFTOVERS_KEEP_SECONDS];
      await db.query(
        'delete from auth.rate_limits where window_start < now() - make_interval(secs => $1)',
        keep,
      );
      await db.query(
        'delete from auth.flow_state where created_at < now() - make_interval(secs => $1)',
        keep,
      );
      await db.query(
        'delete from auth.one_time_tokens where expires_at < now() - make_interval(secs => $1)',
        keep,
      );
    },
  };
}

// Removes what nobody can use any more: old rate-limit windows, abandoned or finished flows, dead e-mail
// links, expired device tokens, unanswered second-factor challenges and unconfirmed enrolments (at most once an hour per server instance, on the back of an auth request);
// and, as a durable recurring job, accounts whose address was never confirmed, so their username and e-mail
// are free again.
import type { Db } from '../db/db';
import type { JobHandler } from '../jobs/job-runner';
import type { Config } from '../config';
import { removeAvatar } from '../storage/avatar-files';
import type { FileStore } from '../storage/file-store';
import { fileStoreFor } from '../storage/file-store';
import {
  AUTH_LEFTOVERS_KEEP_SECONDS,
  MFA_CHALLENGE_TTL_SECONDS,
  MFA_UNVERIFIED_FACTOR_TTL_SECONDS,
} from './limits';

/** An account whose address is still unconfirmed this many days after sign-up is deleted. */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;
export const RELEASE_UNCONFIRMED_JOB = 'auth.release-unconfirmed';
export const RELEASE_UNCONFIRMED_EVERY_MS = 60 * 60 * 1000;

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
      await db.query('delete from auth.device_tokens where expires_at < now()');
      await db.query('delete from auth.mfa_challenges where created_at < now() - make_interval(secs => $1)', [
        MFA_CHALLENGE_TTL_SECONDS,
      ]);
      await db.query(
        `delete from auth.mfa_factors
          where status = 'unverified' and created_at < now() - make_interval(secs => $1)`,
        [MFA_UNVERIFIED_FACTOR_TTL_SECONDS],
      );
    },
  };
}

/**
 * Deletes accounts still unconfirmed UNCONFIRMED_ACCOUNT_DAYS after they were made: someone registered an
 * address they could not confirm (perhaps someone else's), and the username and address go back to
 * whoever can. Never an account that confirmed its address, signed in, or has a Google identity. The
 * delete cascades to the profile and all the account's rows. Answers how many went.
 */
export async function releaseUnconfirmedAccounts(db: Db, files: FileStore): Promise<number> {
  const released = await db.query<{ id: string }>(
    `delete from auth.users u
      where u.email_confirmed_at is null and u.last_sign_in_at is null
        and u.created_at < now() - make_interval(days => $1)
        and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider <> 'email')
      returning u.id`,
    [UNCONFIRMED_ACCOUNT_DAYS],
  );
  for (const { id } of released) {
    // An unconfirmed account cannot sign in to upload one; this only keeps the storage tidy if it did.
    await removeAvatar(files, id).catch(() => undefined);
  }
  return released.length;
}

export function releaseUnconfirmedJob(deps: {
  db: Db;
  config: Pick<Config, 'fileStorage' | 'storageDir'>;
}): JobHandler {
  return async () => {
    const released = await releaseUnconfirmedAccounts(deps.db, fileStoreFor(deps));
    if (released > 0) console.log(`released ${released} accounts left unconfirmed`);
  };
}

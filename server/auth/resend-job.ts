// The work behind POST /resend, done by the job worker so the request does the same thing for every address
// (as /recover does, recover-job.ts): look the account up, and only for a password account whose address is
// still unconfirmed (within its mail limit) make a new confirmation link and queue the mail. The new link
// voids the previous one (one live link per account and kind). Anything else ends here without a trace.
import type { AppDeps } from '../deps';
import type { JobHandler, JobPayload, JobQueue } from '../jobs/job-runner';
import type { Queryable } from '../db/db';
import { sendAuthLink } from './email-links';
import { findUserByEmail } from './users';

export const RESEND_JOB = 'auth.resend-signup';

export interface ResendRequest {
  email: string;
  /** Already checked against the allow list: a desktop client's shelfwise:// route keeps the link in the app. */
  redirect_to: string;
  /** The request's web origin when it is one of ours (allowedWebOrigin), else null. */
  origin: string | null;
  code_challenge: string | null;
}

export function enqueueResend(q: Queryable, jobs: JobQueue, req: ResendRequest): Promise<void> {
  // A few attempts: a failure here is the database's, and a retry much later would surprise the reader.
  return jobs.enqueue(q, RESEND_JOB, { ...req }, { maxAttempts: 3 });
}

const text = (payload: JobPayload, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' ? value : null;
};

export function resendJob(deps: AppDeps): JobHandler {
  return async (job) => {
    const email = text(job.payload, 'email');
    const redirectTo = text(job.payload, 'redirect_to');
    if (!email || !redirectTo) throw new Error('a resend job without email or redirect_to');
    const user = await findUserByEmail(deps.db, email);
    // Google accounts have no confirmation to send; confirmed ones need none.
    const waiting = user?.email_confirmed_at === null && user.identities.some((i) => i.provider === 'email');
    if (!user || !waiting || !(await deps.rateLimiter.take('mail_address', email))) return;
    await deps.db.transaction((tx) =>
      sendAuthLink(tx, deps, {
        kind: 'signup',
        userId: user.id,
        to: user.email,
        redirectTo,
        origin: text(job.payload, 'origin'),
        codeChallenge: text(job.payload, 'code_challenge'),
      }),
    );
  };
}

// The work behind POST /otp (a sign-in link by e-mail), done by the job worker so the request does the same
// thing for every address, as /recover does (recover-job.ts): look the account up, and only for an existing
// account whose address is confirmed (within its mail limit) make the link and its code and queue the mail.
// It never makes an account. The new link voids the previous one and its code. Anything else ends here
// without a trace.
import type { AppDeps } from '../deps';
import type { JobHandler, JobPayload, JobQueue } from '../jobs/job-runner';
import type { Queryable } from '../db/db';
import { sendAuthLink } from './email-links';
import { findUserByEmail } from './users';

export const SIGN_IN_LINK_JOB = 'auth.sign-in-link';

export interface SignInLinkRequest {
  email: string;
  /** Already checked against the allow list: a desktop client's shelfwise:// callback keeps it in the app. */
  redirect_to: string;
  /** The request's web origin when it is one of ours (allowedWebOrigin), else null. */
  origin: string | null;
  code_challenge: string | null;
}

export function enqueueSignInLink(q: Queryable, jobs: JobQueue, req: SignInLinkRequest): Promise<void> {
  // A few attempts: a failure here is the database's, and a retry much later would surprise the reader.
  return jobs.enqueue(q, SIGN_IN_LINK_JOB, { ...req }, { maxAttempts: 3 });
}

const text = (payload: JobPayload, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' ? value : null;
};

export function signInLinkJob(deps: AppDeps): JobHandler {
  return async (job) => {
    const email = text(job.payload, 'email');
    const redirectTo = text(job.payload, 'redirect_to');
    if (!email || !redirectTo) throw new Error('a sign-in link job without email or redirect_to');
    const user = await findUserByEmail(deps.db, email);
    // An unconfirmed address has not shown it belongs to whoever registered it: no sign-in through it.
    if (!user?.email_confirmed_at || !(await deps.rateLimiter.take('mail_address', email))) return;
    await deps.db.transaction((tx) =>
      sendAuthLink(tx, deps, {
        kind: 'magiclink',
        userId: user.id,
        to: user.email,
        redirectTo,
        origin: text(job.payload, 'origin'),
        codeChallenge: text(job.payload, 'code_challenge'),
      }),
    );
  };
}

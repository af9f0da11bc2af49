// The work behind POST /recover, done by the job worker so the request does the same thing for every
// address: look the account up, and only for a real one (within its mail limit) make the reset link and
// queue the mail. Unknown addresses end here without a trace.
import type { AppDeps } from '../deps';
import type { JobHandler, JobPayload, JobQueue } from '../jobs/job-runner';
import type { Queryable } from '../db/db';
import { sendAuthLink } from './email-links';
import { findUserByEmail } from './users';

export const RECOVER_JOB = 'auth.recover';

export interface RecoverRequest {
  email: string;
  /** Already checked against the allow list. */
  redirect_to: string;
  /** The request's web origin when it is one of ours (allowedWebOrigin), else null. */
  origin: string | null;
  code_challenge: string | null;
}

export function enqueueRecover(q: Queryable, jobs: JobQueue, req: RecoverRequest): Promise<void> {
  // A few attempts: a failure here is the database's, and a retry much later would surprise the reader.
  return jobs.enqueue(q, RECOVER_JOB, { ...req }, { maxAttempts: 3 });
}

const text = (payload: JobPayload, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' ? value : null;
};

export function recoverJob(deps: AppDeps): JobHandler {
  return async (job) => {
    const email = text(job.payload, 'email');
    const redirectTo = text(job.payload, 'redirect_to');
    if (!email || !redirectTo) throw new Error('a recover job without email or redirect_to');
    const user = await findUserByEmail(deps.db, email);
    // The mail limit is only counted for real accounts; when it is spent no mail goes out, silently.
    if (!user || !(await deps.rateLimiter.take('mail_address', email))) return;
    await deps.db.transaction((tx) =>
      sendAuthLink(tx, deps, {
        kind: 'recovery',
        userId: user.id,
        to: user.email,
        redirectTo,
        origin: text(job.payload, 'origin'),
        codeChallenge: text(job.payload, 'code_challenge'),
      }),
    );
  };
}

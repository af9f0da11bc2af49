// The mail outbox: a mail is queued as a durable job in the transaction of the change that needs it, and
// the worker sends it afterwards. So no request waits on (or learns anything from) the mail server, a
// change is never undone because the mail server is down, and a failed send is retried with growing delays
// (job-runner.ts: for about half an hour, within the hour an auth link stays valid) before the job is
// kept as failed, with the error, in jobs.queue. Delivery is at least once: a worker that dies between
// the send and deleting the job leaves it to be sent again when its lease runs out.
import type { Db, Queryable } from '../db/db';
import type { JobHandler, JobQueue } from '../jobs/job-runner';
import type { Mailer, OutgoingMail } from './mailer';

export const MAIL_JOB = 'mail';
const MAIL_MAX_ATTEMPTS = 8;

export function enqueueMail(q: Queryable, jobs: JobQueue, mail: OutgoingMail): Promise<void> {
  return jobs.enqueue(q, MAIL_JOB, { ...mail }, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

function readMail(payload: Record<string, unknown>): OutgoingMail {
  const { to, subject, text, html, links } = payload;
  if (
    typeof to !== 'string' ||
    typeof subject !== 'string' ||
    typeof text !== 'string' ||
    typeof html !== 'string' ||
    !Array.isArray(links) ||
    !links.every((l) => typeof l === 'string')
  ) {
    throw new Error('a mail job without a whole mail');
  }
  return { to, subject, text, html, links: links as string[] };
}

/** Sends one queued mail; a throw (MailDeliveryError) leaves it queued for a retry. */
export function mailJob(deps: { db: Db; mailer: Mailer }): JobHandler {
  return async (job) => deps.mailer.send(deps.db, readMail(job.payload));
}

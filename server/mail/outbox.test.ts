import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db';
import type { JobPayload, JobQueue } from '../jobs/job-runner';
import type { Mailer, OutgoingMail } from './mailer';
import { MAIL_JOB, enqueueMail, mailJob } from './outbox';

const mail: OutgoingMail = {
  to: 'ada@example.test',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  links: ['https://shelfwise.example/confirm-signup?confirmation_url=x'],
};
const db = {} as Db;
const job = (payload: JobPayload) => ({ id: '1', kind: MAIL_JOB, payload, attempts: 1, maxAttempts: 8 });

describe('the mail outbox', () => {
  it('queues a mail as a job in the given transaction, with a few attempts', async () => {
    const queued: unknown[] = [];
    const tx = {} as Queryable;
    const jobs: JobQueue = { enqueue: async (...args) => void queued.push(args) };
    await enqueueMail(tx, jobs, mail);
    expect(queued).toEqual([[tx, MAIL_JOB, mail, { maxAttempts: 8 }]]);
  });

  it('sends the queued mail, and lets a failed send throw so it is retried', async () => {
    const sent: OutgoingMail[] = [];
    const ok: Mailer = { kind: 'mailbox', send: async (_q, m) => void sent.push(m) };
    await mailJob({ db, mailer: ok })(job({ ...mail }));
    expect(sent).toEqual([mail]);

    const down: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('connection refused');
      },
    };
    await expect(mailJob({ db, mailer: down })(job({ ...mail }))).rejects.toThrow('connection refused');
  });

  it('refuses a job that does not hold a whole mail', async () => {
    const never: Mailer = { kind: 'mailbox', send: async () => expect.unreachable() };
    await expect(mailJob({ db, mailer: never })(job({ ...mail, links: [1] }))).rejects.toThrow(
      'a mail job without a whole mail',
    );
    await expect(mailJob({ db, mailer: never })(job({ to: 'a@b.co' }))).rejects.toThrow();
  });
});

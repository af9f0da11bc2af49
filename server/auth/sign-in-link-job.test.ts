import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createTestUser } from '../../tests/support/test-users';
import { MAIL_JOB } from '../mail/outbox';
import { signInWithEmailCode } from './email-code-sign-in';
import { signInLinkJob } from './sign-in-link-job';

let t: TestApp;
beforeAll(async () => {
  // No worker: the test runs the job itself and reads what it queued.
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const meta = { userAgent: null, ip: '192.0.2.1' };
let jobs = 0;
async function runJob(email: string) {
  jobs += 1;
  const payload = { email, redirect_to: 'http://localhost:8787/', origin: null, code_challenge: null };
  await signInLinkJob(t.deps)({
    id: String(jobs),
    kind: 'auth.sign-in-link',
    payload,
    attempts: 1,
    maxAttempts: 3,
  });
}

async function mailsTo(email: string): Promise<string[]> {
  const rows = await t.deps.db.query<{ text: string }>(
    `select payload->>'text' as text from jobs.queue where kind = $1 and payload->>'to' = $2 order by id`,
    [MAIL_JOB, email],
  );
  return rows.map((r) => r.text);
}

const codeIn = (text: string) => /enter this code in Shelfwise: (\d{6})/.exec(text)?.[1] ?? '';

describe('the sign-in link job', () => {
  it('mails a link and code to a confirmed account only, and never makes an account', async () => {
    const reader = await createTestUser(t);
    const waiting = 'waiting@example.test';
    await t.deps.db.query('insert into auth.users (email) values ($1)', [waiting]);
    const [{ users: before } = { users: 0 }] = await t.deps.db.query<{ users: number }>(
      'select count(*)::int as users from auth.users',
    );

    for (const email of [reader.email, waiting, 'nobody@example.test']) await runJob(email);

    const mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(codeIn(mails[0] ?? '')).toMatch(/^\d{6}$/);
    expect(await mailsTo(waiting)).toEqual([]);
    expect(await mailsTo('nobody@example.test')).toEqual([]);
    const [{ users: after } = { users: 0 }] = await t.deps.db.query<{ users: number }>(
      'select count(*)::int as users from auth.users',
    );
    expect(after).toBe(before);
    const [token] = await t.deps.db.query<{ code_digest: string | null }>(
      `select code_digest from auth.one_time_tokens where user_id = $1 and token_type = 'magiclink'`,
      [reader.id],
    );
    // Only a keyed digest is kept, never the code.
    expect(token?.code_digest).toBeTruthy();
    expect(token?.code_digest).not.toContain(codeIn(mails[0] ?? ''));
  });

  it('lets two requests racing with the right code sign in only once', async () => {
    const reader = await createTestUser(t);
    await runJob(reader.email);
    const code = codeIn((await mailsTo(reader.email))[0] ?? '');
    const results = await Promise.allSettled([
      signInWithEmailCode(t.deps, { email: reader.email, code, meta }),
      signInWithEmailCode(t.deps, { email: reader.email, code, meta }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('voids the earlier code when a new mail goes out', async () => {
    const reader = await createTestUser(t);
    await runJob(reader.email);
    await runJob(reader.email);
    const [first, second] = (await mailsTo(reader.email)).map(codeIn);
    if (first !== second) {
      await expect(
        signInWithEmailCode(t.deps, { email: reader.email, code: first ?? '', meta }),
      ).rejects.toMatchObject({ code: 'otp_expired' });
    }
    const session = await signInWithEmailCode(t.deps, { email: reader.email, code: second ?? '', meta });
    expect(session.user.email).toBe(reader.email);
  });
});

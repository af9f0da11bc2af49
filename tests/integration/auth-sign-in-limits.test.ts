// Password guessing with the default limits (server/auth/limits.ts): failed sign-ins are counted before the
// password is verified, so parallel guesses cannot get more verdicts than the limit; the strict limit is per
// account and client address, so a stranger elsewhere cannot lock the owner out. Addresses come from
// X-Forwarded-For, trusted here as behind a proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import { authFetch, registerConfirmed } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { trustProxy: true } });
});
afterAll(() => s.close());

const LIMIT = DEFAULT_RATE_LIMITS.token_failures.max;
let ips = 0;
const newIp = () => {
  ips += 1;
  return `198.51.100.${ips}`;
};

const signIn = (email: string, password: string, ip: string) =>
  authFetch(s, '/token?grant_type=password', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

/** Hits counted so far in the strict (account and address) sign-in bucket. */
async function strictHits(): Promise<number> {
  const [row] = await s.t.deps.db.query<{ hits: number | null }>(
    `select sum(hits)::int as hits from auth.rate_limits where key like 'token_failures:%'`,
  );
  return row?.hits ?? 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end && !(await condition())) await new Promise((r) => setTimeout(r, 5));
}

describe('sign-in limits', () => {
  it(`gives 200 parallel wrong passwords from one address at most ${LIMIT} verdicts`, async () => {
    const reg = await registerConfirmed(s);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(reg.email, `Wrong!pass${i}`, ip)),
    );
    const verdicts = answers.filter((a) => a.body.code === 'invalid_credentials').length;
    const throttled = answers.filter((a) => a.status === 429).length;
    console.log(`parallel wrong passwords: ${verdicts} of 200 got a verdict, ${throttled} were refused`);
    expect(verdicts).toBeLessThanOrEqual(LIMIT);
    expect(verdicts + throttled).toBe(200);
    // The limit holds for the right password too, from that address.
    expect((await signIn(reg.email, reg.password, ip)).status).toBe(429);
  });

  it(`does not sign in with the right password sent as the ${LIMIT + 1}st parallel attempt`, async () => {
    const reg = await registerConfirmed(s);
    const ip = newIp();
    const before = await strictHits();
    let answered = 0;
    const wrong = Array.from({ length: LIMIT }, (_, i) =>
      signIn(reg.email, `Wrong!pass${i}`, ip).finally(() => (answered += 1)),
    );
    // Sent once the wrong ones have arrived, while they are still being judged: a parallel attempt.
    await until(async () => (await strictHits()) >= before + LIMIT, 5000);
    const pendingWhenSent = LIMIT - answered;
    const right = await signIn(reg.email, reg.password, ip);
    const answers = await Promise.all(wrong);
    expect(pendingWhenSent).toBeGreaterThan(0);
    expect(right.status).toBe(429);
    expect(right.body).not.toHaveProperty('access_token');
    expect(answers.filter((a) => a.body.code === 'invalid_credentials')).toHaveLength(LIMIT);
  });

  it('does not let a stranger on another address lock the owner out', async () => {
    const reg = await registerConfirmed(s);
    const stranger = newIp();
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await signIn(reg.email, `Wrong!pass${i}`, stranger)).body.code).toBe('invalid_credentials');
    }
    expect((await signIn(reg.email, reg.password, stranger)).status).toBe(429);
    const owner = await signIn(reg.email, reg.password, newIp());
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(reg.email);
  });

  it('gives the attempt back when the password is right, so the owner’s own sign-ins never count', async () => {
    const reg = await registerConfirmed(s);
    const ip = newIp();
    for (let i = 0; i < LIMIT - 1; i += 1) await signIn(reg.email, `Wrong!pass${i}`, ip);
    for (let i = 0; i < 3; i += 1) expect((await signIn(reg.email, reg.password, ip)).status).toBe(200);
    expect((await signIn(reg.email, 'Wrong!again', ip)).body.code).toBe('invalid_credentials');
    expect((await signIn(reg.email, reg.password, ip)).status).toBe(429);
  });
});

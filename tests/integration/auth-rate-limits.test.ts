// Rate limits per address and per e-mail on sign-in, registration, recovery, links and mail sends, with low
// limits set through config. Each test speaks from its own client address (X-Forwarded-For, trusted here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  latestMail,
  newRegistration,
  registerConfirmed,
} from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    config: {
      trustProxy: true,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        token_ip: { max: 4, windowSeconds: 600 },
        token_failures: { max: 3, windowSeconds: 600 },
        token_account_failures: { max: 5, windowSeconds: 600 },
        register_ip: { max: 2, windowSeconds: 600 },
        register_email: { max: 2, windowSeconds: 600 },
        recover_ip: { max: 3, windowSeconds: 600 },
        recover_email: { max: 2, windowSeconds: 600 },
        otp_ip: { max: 3, windowSeconds: 600 },
        otp_email: { max: 2, windowSeconds: 600 },
        verify_ip: { max: 3, windowSeconds: 600 },
        mail_address: { max: 3, windowSeconds: 600 },
      },
    },
  });
});
afterAll(() => s.close());

let ips = 0;
const newIp = () => {
  ips += 1;
  return `203.0.113.${ips}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectThrottled(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  expect(res.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
}

describe('rate limits', () => {
  it('limits /token per client address, for every grant', async () => {
    const ip = newIp();
    const reg = await registerConfirmed(s, from(newIp()));
    const client = s.client({ headers: from(ip) });
    expect(
      (await client.auth.signInWithPassword({ email: reg.email, password: reg.password })).error,
    ).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const wrong = await authFetch(s, '/token?grant_type=password', {
        body: { email: `nobody${i}@example.test`, password: 'x' },
        headers: from(ip),
      });
      expect(wrong.body.code).toBe('invalid_credentials');
    }
    const { error } = await client.auth.refreshSession();
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expectThrottled(
      await authFetch(s, '/token?grant_type=password', {
        body: { email: reg.email, password: reg.password },
        headers: from(ip),
      }),
    );
    // Another address is not affected.
    const other = await authFetch(s, '/token?grant_type=password', {
      body: { email: reg.email, password: reg.password },
      headers: from(newIp()),
    });
    expect(other.status).toBe(200);
  });

  it('stops password guessing per account and address, then across addresses, even with the right password', async () => {
    const reg = await registerConfirmed(s, from(newIp()));
    const signIn = (password: string, ip: string) =>
      authFetch(s, '/token?grant_type=password', {
        body: { email: reg.email, password },
        headers: from(ip),
      });
    const guesser = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(`Guess${i}!x`, guesser)).body.code).toBe('invalid_credentials');
    }
    expectThrottled(await signIn(reg.password, guesser));
    // The owner elsewhere is not locked out by it.
    const owner = newIp();
    expect((await signIn(reg.password, owner)).status).toBe(200);
    // Past the strict limit's count, failures from other addresses wait longer and longer...
    const second = newIp();
    expect((await signIn('Guess3!x', second)).body.code).toBe('invalid_credentials'); // 4th failure
    const started = Date.now();
    expect((await signIn('Guess4!x', second)).body.code).toBe('invalid_credentials'); // 5th: waits 500 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // ...up to the account-wide ceiling, which holds for every address.
    expectThrottled(await signIn('Guess5!x', newIp()));
    expectThrottled(await signIn(reg.password, newIp()));

    // Successful sign-ins never count: another account signs in as often as the address limit allows.
    const fine = await registerConfirmed(s, from(newIp()));
    const ip = newIp();
    for (let i = 0; i < 4; i += 1) {
      const res = await authFetch(s, '/token?grant_type=password', {
        body: { email: fine.email, password: fine.password },
        headers: from(ip),
      });
      expect(res.status).toBe(200);
    }
  });

  it('limits registrations per client address and per e-mail address, writing nothing when refused', async () => {
    const ip = newIp();
    for (let i = 0; i < 2; i += 1) {
      expect((await s.sf('register-user', newRegistration(), undefined, from(ip))).status).toBe(200);
    }
    const before = await authTableCounts(s);
    const refused = await s.sf('register-user', newRegistration(), undefined, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(await authTableCounts(s)).toEqual(before);

    const reg = newRegistration();
    for (let i = 0; i < 2; i += 1)
      await s.sf('register-user', { ...reg, username: `${reg.username}${i}` }, undefined, from(newIp()));
    const again = await s.sf(
      'register-user',
      { ...reg, username: `${reg.username}x` },
      undefined,
      from(newIp()),
    );
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('rate_limited');
  });

  it('limits /recover per e-mail address the same way whether or not the account exists', async () => {
    const reg = await registerConfirmed(s, from(newIp()));
    for (const email of [reg.email, 'ghost@example.test']) {
      for (let i = 0; i < 2; i += 1) {
        expect((await authFetch(s, '/recover', { body: { email }, headers: from(newIp()) })).status).toBe(
          200,
        );
      }
      expectThrottled(await authFetch(s, '/recover', { body: { email }, headers: from(newIp()) }));
    }
  });

  it('limits /recover per client address', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await authFetch(s, '/recover', { body: { email: `r${i}@example.test` }, headers: from(ip) })).status,
      ).toBe(200);
    }
    expectThrottled(
      await authFetch(s, '/recover', { body: { email: 'r9@example.test' }, headers: from(ip) }),
    );
  });

  it('limits sign-in links (/otp) per e-mail address, known or not, and per client address', async () => {
    const reg = await registerConfirmed(s, from(newIp()));
    for (const email of [reg.email, 'ghost-otp@example.test']) {
      for (let i = 0; i < 2; i += 1) {
        expect((await authFetch(s, '/otp', { body: { email }, headers: from(newIp()) })).status).toBe(200);
      }
      expectThrottled(await authFetch(s, '/otp', { body: { email }, headers: from(newIp()) }));
    }
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await authFetch(s, '/otp', { body: { email: `o${i}@example.test` }, headers: from(ip) })).status,
      ).toBe(200);
    }
    const { error } = await s.client({ headers: from(ip) }).auth.signInWithOtp({ email: 'o9@example.test' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });

  it('limits /verify per client address, on links and on token_hash', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${s.url}/auth/v1/verify?token=guess${i}&type=signup`, {
        redirect: 'manual',
        headers: from(ip),
      });
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('error_code')).toBe('otp_expired');
    }
    const link = await fetch(`${s.url}/auth/v1/verify?token=guess&type=signup`, {
      redirect: 'manual',
      headers: from(ip),
    });
    expect(new URL(link.headers.get('location') ?? '').searchParams.get('error_code')).toBe(
      'over_request_rate_limit',
    );
    expectThrottled(
      await authFetch(s, '/verify', { body: { type: 'signup', token_hash: 'guess' }, headers: from(ip) }),
    );
  });

  it('limits mails to one address across flows', async () => {
    const reg = await registerConfirmed(s, from(newIp())); // mail 1
    for (let i = 0; i < 2; i += 1)
      await authFetch(s, '/recover', { body: { email: reg.email }, headers: from(newIp()) }); // 2, 3
    expect(await s.mails(reg.email)).toHaveLength(3);
    // A reset beyond the mail limit answers as always, and sends nothing (no hint the account exists).
    await s.t.deps.db.query(`delete from auth.rate_limits where key like 'recover_email:%'`);
    const quiet = await authFetch(s, '/recover', { body: { email: reg.email }, headers: from(newIp()) });
    expect(quiet.status).toBe(200);
    expect(await s.mails(reg.email)).toHaveLength(3);

    // An e-mail change to that address is refused with Supabase's mail limit error.
    const other = await registerConfirmed(s, from(newIp()));
    const client = s.client({ headers: from(newIp()) });
    await client.auth.signInWithPassword({ email: other.email, password: other.password });
    const target = `change-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i += 1) expect((await client.auth.updateUser({ email: target })).error).toBeNull();
    const { error } = await client.auth.updateUser({ email: target });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(confirmationUrl(await latestMail(s, target))).toContain('type=email_change');
  });

  it('sends no sign-in link past the mail limit of the address, with the same answer', async () => {
    const reg = await registerConfirmed(s, from(newIp())); // mail 1
    for (let i = 0; i < 2; i += 1)
      await authFetch(s, '/otp', { body: { email: reg.email }, headers: from(newIp()) }); // 2, 3
    expect(await s.mails(reg.email)).toHaveLength(3);
    await s.t.deps.db.query(`delete from auth.rate_limits where key like 'otp_email:%'`);
    const quiet = await authFetch(s, '/otp', { body: { email: reg.email }, headers: from(newIp()) });
    expect(quiet).toMatchObject({ status: 200, body: {} });
    expect(await s.mails(reg.email)).toHaveLength(3);
  });
});

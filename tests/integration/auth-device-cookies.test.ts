// No lockout by strangers (issue 25): 250 wrong passwords for one account from 25 addresses fill the
// account-wide ceiling, which then refuses the right password from any address it has not seen before; a
// device that signed in to the account before brings its device cookie and is let through, judged against
// its own small budget. Sign-ins go through the real supabase-js client with a fetch that keeps cookies as
// the browser's does; addresses come from X-Forwarded-For, trusted here as behind a proxy.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_PREFIX } from '@shared/device-cookie';
import { DEFAULT_RATE_LIMITS, DEVICE_TOKEN_TTL_SECONDS } from '../../server/auth/limits';
import { confirmationUrl, followLink, latestMail, registerConfirmed } from '../support/auth-flows';
import type { Registration } from '../support/auth-flows';
import { createDesktopSession } from '../../electron/main/auth/session';
import { memoryVault } from '../../electron/main/auth/testing/memory-vault';
import type { TokenVault } from '../../electron/main/auth/token-vault';
import { createCookieJar } from '../support/cookie-jar';
import type { CookieJar } from '../support/cookie-jar';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { trustProxy: true } });
});
afterAll(() => s.close());

const CEILING = DEFAULT_RATE_LIMITS.token_account_failures.max;
const DEVICE_BUDGET = DEFAULT_RATE_LIMITS.token_device_failures.max;

let ips = 0;
const newIp = () => {
  ips += 1;
  return `203.0.113.${ips}`;
};

/** A sign-in as the web app makes it: supabase-js, with the browser's cookies when there is a jar. */
async function browserSignIn(reg: Registration, ip: string, jar?: CookieJar, password = reg.password) {
  const client = s.client({ headers: { 'x-forwarded-for': ip }, fetch: jar?.fetch });
  const { data, error } = await client.auth.signInWithPassword({ email: reg.email, password });
  return { session: data.session, status: error?.status ?? 200, code: error?.code ?? null };
}

/** 250 wrong passwords from 25 addresses, sent together; answers how many got a verdict and how many 429. */
async function guessFromManyAddresses(email: string) {
  const addresses = Array.from({ length: 25 }, newIp);
  const answers = await Promise.all(
    addresses.flatMap((ip) =>
      Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: s.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email, password: `Wrong!guess${i}` }),
        });
        return res.status;
      }),
    ),
  );
  return {
    verdicts: answers.filter((a) => a === 400).length,
    refused: answers.filter((a) => a === 429).length,
  };
}

/** Electron main's session (electron/main/auth/session.ts) against the test server, from address `ip`. */
function desktopSession(vault: TokenVault, ip: string) {
  return createDesktopSession({
    serverUrl: s.url,
    vault,
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('x-forwarded-for', ip);
      return fetch(request);
    },
    log: () => undefined,
    autoRefresh: false,
  });
}

const deviceCookies = (jar: CookieJar) =>
  jar.cookies().filter((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX));

describe('device cookies', () => {
  it('are left by a password sign-in: HttpOnly, SameSite=Strict, for /auth/v1 only, kept a year', async () => {
    const reg = await registerConfirmed(s);
    const jar = createCookieJar();
    expect((await browserSignIn(reg, newIp(), jar)).status).toBe(200);
    const [cookie, ...more] = deviceCookies(jar);
    expect(more).toHaveLength(0);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.path).toBe('/auth/v1');
    expect(cookie?.attributes).toMatchObject({
      httponly: '',
      samesite: 'Strict',
      'max-age': String(DEVICE_TOKEN_TTL_SECONDS),
    });
    // PUBLIC_URL is http here; under https the cookie is Secure (the unit tests check that).
    expect(cookie?.attributes).not.toHaveProperty('secure');
    // A wrong password leaves none.
    const stranger = createCookieJar();
    expect((await browserSignIn(reg, newIp(), stranger, 'Wrong!pass1')).code).toBe('invalid_credentials');
    expect(deviceCookies(stranger)).toHaveLength(0);
  });

  it('are left by a PKCE code exchange too (a reset link proves the account as well as a password)', async () => {
    const reg = await registerConfirmed(s);
    const jar = createCookieJar();
    const client = s.client({ fetch: jar.fetch });
    const asked = await client.auth.resetPasswordForEmail(reg.email, {
      redirectTo: `${s.url}/reset-password`,
    });
    expect(asked.error).toBeNull();
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    const exchanged = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(deviceCookies(jar)).toHaveLength(1);
  });

  describe('once 250 wrong passwords from 25 addresses filled the account’s ceiling', () => {
    let owner: Registration;
    let other: Registration;
    const laptop = createCookieJar();
    const phone = createCookieJar();
    const othersDevice = createCookieJar();
    let desktopVault: TokenVault;

    beforeAll(async () => {
      owner = await registerConfirmed(s);
      other = await registerConfirmed(s);
      expect((await browserSignIn(owner, newIp(), laptop)).status).toBe(200);
      expect((await browserSignIn(owner, newIp(), phone)).status).toBe(200);
      expect((await browserSignIn(other, newIp(), othersDevice)).status).toBe(200);
      desktopVault = await memoryVault();
      const desktop = desktopSession(desktopVault, newIp());
      await desktop.signInWithPassword(owner.email, owner.password);
      await desktop.signOut();
      await desktop.stop();
      const { verdicts, refused } = await guessFromManyAddresses(owner.email);
      console.log(`250 guesses from 25 addresses: ${verdicts} got a verdict, ${refused} were refused`);
      expect(verdicts).toBe(CEILING);
      expect(refused).toBe(250 - CEILING);
    });

    it('still refuses the right password from a fresh address without a device cookie', async () => {
      const answer = await browserSignIn(owner, newIp(), createCookieJar());
      expect(answer).toMatchObject({ session: null, status: 429, code: 'over_request_rate_limit' });
    });

    it('signs the owner in from a fresh address with the device cookie of an earlier sign-in', async () => {
      const [before] = deviceCookies(laptop);
      const answer = await browserSignIn(owner, newIp(), laptop);
      expect(answer.status).toBe(200);
      expect(answer.session?.user.email).toBe(owner.email);
      // Each sign-in swaps the device token for a new one, which vouches in its turn; the old one is spent.
      const [after] = deviceCookies(laptop);
      expect(after?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(after?.value).not.toBe(before?.value);
      expect((await browserSignIn(owner, newIp(), laptop)).status).toBe(200);
      const copy = createCookieJar();
      copy.put(s.url, before?.name ?? '', before?.value ?? '', '/auth/v1');
      expect((await browserSignIn(owner, newIp(), copy)).status).toBe(429);
    });

    it('gives nothing for another account’s device cookie or a forged one', async () => {
      expect((await browserSignIn(owner, newIp(), othersDevice)).status).toBe(429);
      const forged = createCookieJar();
      const name = `${DEVICE_COOKIE_PREFIX}0123456789abcdef`;
      forged.put(s.url, name, randomBytes(32).toString('base64url'), '/auth/v1');
      expect((await browserSignIn(owner, newIp(), forged)).status).toBe(429);
      // The other account's cookie still vouches for the other account.
      expect((await browserSignIn(other, newIp(), othersDevice)).status).toBe(200);
    });

    it('lets the desktop app past too: main keeps the cookie in its vault and sends it back', async () => {
      // Restarted, on a network it has not used before.
      const restarted = desktopSession(desktopVault, newIp());
      const signedIn = await restarted.signInWithPassword(owner.email, owner.password);
      expect(signedIn.user.email).toBe(owner.email);
      await restarted.stop();
      // The same app on a computer that never signed in to this account is refused.
      const elsewhere = desktopSession(await memoryVault(), newIp());
      await expect(elsewhere.signInWithPassword(owner.email, owner.password)).rejects.toMatchObject({
        error: { kind: 'auth', status: 429 },
      });
      await elsewhere.stop();
    });

    it(`locks a device cookie out after ${DEVICE_BUDGET} failures of its own, and then it is a stranger`, async () => {
      for (let i = 0; i < DEVICE_BUDGET; i += 1) {
        expect((await browserSignIn(owner, newIp(), phone, `Wrong!phone${i}`)).code).toBe(
          'invalid_credentials',
        );
      }
      // Past its budget the cookie vouches for nothing, and the full ceiling refuses even the right password.
      const answer = await browserSignIn(owner, newIp(), phone);
      expect(answer).toMatchObject({ session: null, status: 429 });
      // The owner's other device keeps its own budget.
      expect((await browserSignIn(owner, newIp(), laptop)).status).toBe(200);
    });
  });

  it('keeps a device’s failures off the account’s ceiling, so they cannot help strangers lock it', async () => {
    const reg = await registerConfirmed(s);
    const jar = createCookieJar();
    expect((await browserSignIn(reg, newIp(), jar)).status).toBe(200);
    const ceilingHits = async () => {
      const [row] = await s.t.deps.db.query<{ hits: number | null }>(
        `select sum(hits)::int as hits from auth.rate_limits where key like 'token_account_failures:%'`,
      );
      return row?.hits ?? 0;
    };
    const before = await ceilingHits();
    for (let i = 0; i < DEVICE_BUDGET; i += 1) await browserSignIn(reg, newIp(), jar, `Wrong!own${i}`);
    expect(await ceilingHits()).toBe(before);
    // The next one is a stranger's: it counts there.
    await browserSignIn(reg, newIp(), jar, 'Wrong!stranger');
    expect(await ceilingHits()).toBe(before + 1);
  });
});

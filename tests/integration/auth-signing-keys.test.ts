// Issue 31: access tokens other services can verify. They are ES256 with a kid, the keys are published at
// /.well-known/jwks.json (and under /auth/v1, where supabase-js looks), jose and supabase-js getClaims verify
// them with nothing but that set, HS256 tokens from before the switch pass until they expire, and a rotation
// keeps the old key published (and its tokens good) beside the new one until they have expired.
import { SignJWT, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_ISSUER, KEEP_PUBLISHED_SECONDS, signingKeyBox } from '../../server/auth/keys';
import { REFRESH_MS } from '../../server/auth/signing-keys/signing-keys';
import { one } from '../../server/db/db';
import { rotateSigningKey } from '../../server/auth/signing-keys/signing-key-store';
import { authFetch, registerConfirmed } from '../support/auth-flows';
import type { Registration } from '../support/auth-flows';
import { TEST_SECRET } from '../support/test-app';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let reg: Registration;
beforeAll(async () => {
  s = await startTestServer();
  reg = await registerConfirmed(s);
});
afterAll(() => s?.close());

interface Jwks {
  keys: { kid: string; kty: string; crv: string; alg: string; use: string; key_ops: string[]; d?: string }[];
}

async function published(
  path = '/.well-known/jwks.json',
): Promise<{ status: number; jwks: Jwks; headers: Headers }> {
  // No API key: a proxy or a worker beside Shelfwise has none.
  const res = await fetch(`${s.url}${path}`);
  return { status: res.status, jwks: (await res.json()) as Jwks, headers: res.headers };
}

async function signIn(): Promise<string> {
  const { data, error } = await s.client().auth.signInWithPassword(reg);
  expect(error).toBeNull();
  return data.session!.access_token;
}

const getUserStatus = async (token: string) => (await authFetch(s, '/user', { method: 'GET', token })).status;

/** Waits (the server reads its keys again every REFRESH_MS) until `check` holds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + REFRESH_MS * 2 + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition did not come true in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('published signing keys', () => {
  it('publishes the same public ES256 keys in GoTrue shape at both paths, without an API key', async () => {
    const root = await published();
    const auth = await published('/auth/v1/.well-known/jwks.json');
    expect(root.status).toBe(200);
    expect(auth.status).toBe(200);
    expect(auth.jwks).toEqual(root.jwks);
    expect(root.jwks.keys).toHaveLength(1);
    const [key] = root.jwks.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(key?.d).toBeUndefined();
    expect(root.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('signs access tokens ES256 with the published kid, and jose verifies them against the set', async () => {
    const token = await signIn();
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect((await published()).jwks.keys.map((k) => k.kid)).toEqual([header.kid]);
    const jwks = createRemoteJWKSet(new URL(`${s.url}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(token, jwks, { issuer: JWT_ISSUER, audience: 'authenticated' });
    expect(payload.email).toBe(reg.email);
    // A token altered after signing does not verify.
    const [h, , sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, email: 'mallory@example.com' })).toString('base64url')}.${sig}`;
    await expect(jwtVerify(forged, jwks)).rejects.toThrow();
    expect(await getUserStatus(forged)).toBe(403);
  });

  it('lets supabase-js getClaims verify locally, without asking /user', async () => {
    const asked: string[] = [];
    const client = s.client({
      fetch: (input, init) => {
        asked.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
        return fetch(input, init);
      },
    });
    const signedIn = await client.auth.signInWithPassword(reg);
    expect(signedIn.error).toBeNull();
    asked.length = 0;
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.email).toBe(reg.email);
    expect(data?.header.alg).toBe('ES256');
    expect(asked).not.toContain('/auth/v1/user');
    // A forged token is refused by the same local check.
    const token = signedIn.data.session!.access_token;
    const [h, p] = token.split('.');
    const forged = await client.auth.getClaims(`${h}.${p}.${Buffer.alloc(64).toString('base64url')}`);
    expect(forged.error?.name).toBe('AuthInvalidJwtError');
    expect(asked).not.toContain('/auth/v1/user');
  });
});

describe('HS256 tokens from before the switch', () => {
  /** An access token as the server signed them before signing keys: HS256 with JWT_SECRET, no kid. */
  async function hs256Token(sessionFrom: string, issuedAt: number, expiresAt: number): Promise<string> {
    const claims = decodeJwt(sessionFrom);
    return new SignJWT({ email: claims.email, session_id: claims.session_id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setAudience('authenticated')
      .setSubject(claims.sub!)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(TEST_SECRET);
  }

  it('accepts one issued before the first signing key until it expires, and none issued after', async () => {
    const session = await signIn();
    const { created_at } = await one<{ created_at: Date }>(
      s.t.deps.db,
      'select min(created_at) as created_at from auth.signing_keys',
    );
    const switchedAt = Math.floor(new Date(created_at).getTime() / 1000);
    const now = Math.floor(Date.now() / 1000);
    expect(await getUserStatus(await hs256Token(session, switchedAt - 60, now + 600))).toBe(200);
    // Expired, or minted with the secret after the switch (not by us): refused.
    expect(await getUserStatus(await hs256Token(session, switchedAt - 4000, now - 10))).toBe(403);
    expect(await getUserStatus(await hs256Token(session, now, now + 600))).toBe(403);
    // The anon key (an HS256 role token) goes on working.
    expect((await authFetch(s, '/user', { method: 'GET' })).status).toBe(403);
    expect((await fetch(`${s.url}/auth/v1/settings`, { headers: { apikey: s.anonKey } })).status).not.toBe(
      401,
    );
  });
});

describe('rotation', () => {
  it('signs with the new key, keeps the old one published and its tokens good, then retires it', async () => {
    const before = await signIn();
    const oldKid = decodeProtectedHeader(before).kid;
    const rotation = await rotateSigningKey(s.t.deps.db, signingKeyBox(TEST_SECRET), KEEP_PUBLISHED_SECONDS);
    expect(rotation.superseded.map((k) => k.kid)).toEqual([oldKid]);

    await eventually(async () => (await published()).jwks.keys.length === 2);
    expect((await published()).jwks.keys.map((k) => k.kid)).toEqual([rotation.kid, oldKid]);
    const after = await signIn();
    expect(decodeProtectedHeader(after).kid).toBe(rotation.kid);
    const jwks = createRemoteJWKSet(new URL(`${s.url}/auth/v1/.well-known/jwks.json`));
    for (const token of [before, after]) {
      await jwtVerify(token, jwks, { issuer: JWT_ISSUER, audience: 'authenticated' });
      expect(await getUserStatus(token)).toBe(200);
      const claims = await s.client().auth.getClaims(token);
      expect(claims.error).toBeNull();
    }

    // Once its last token has expired, the old key is neither published nor accepted.
    await s.t.deps.db.query(
      `update auth.signing_keys set retire_after = now() - interval '1 second' where kid = $1`,
      [oldKid],
    );
    await eventually(async () => (await published()).jwks.keys.length === 1);
    expect((await published()).jwks.keys.map((k) => k.kid)).toEqual([rotation.kid]);
    expect(await getUserStatus(before)).toBe(403);
    expect(await getUserStatus(after)).toBe(200);
  });
});

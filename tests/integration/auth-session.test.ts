// Signing in, staying signed in (refresh rotation and reuse detection), and signing out in each scope.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, authTableCounts, registerConfirmed } from '../support/auth-flows';
import type { Registration } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let reg: Registration;
beforeAll(async () => {
  s = await startTestServer({ config: { siteUrls: ['http://localhost:5173'] } });
  reg = await registerConfirmed(s);
});
afterAll(() => s.close());

async function signedIn() {
  const client = s.client();
  const { data, error } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { client, session: data.session };
}

// Any /sf/ call for signed-in users shows whether the session still counts there (caller.ts checks it).
const profileCall = (token: string) => s.sf('register-oauth-user', {}, token);

describe('password sign-in', () => {
  it('answers a Supabase session with a 3600 s access token that carries the session', async () => {
    const { session } = await signedIn();
    expect(Object.keys(session).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user'].sort(),
    );
    const claims = decodeJwt(session.access_token);
    expect(claims.iss).toBe('shelfwise-auth');
    expect(claims.aud).toBe('authenticated');
    expect(claims.role).toBe('authenticated');
    expect(claims.sub).toBe(session.user.id);
    expect(claims.email).toBe(reg.email);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    const [row] = await s.t.deps.db.query<any>('select user_id from auth.sessions where id = $1', [
      claims.session_id,
    ]);
    expect(row.user_id).toBe(session.user.id);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await s.t.deps.db.query('select 1 from auth.refresh_tokens where token_hash = $1', [
      session.refresh_token,
    ]);
    expect(stored).toHaveLength(0);
  });

  it('gives the same invalid_credentials for an unknown address and a wrong password, in similar time', async () => {
    const timed = async (email: string, password: string) => {
      const started = performance.now();
      const { error } = await s.client().auth.signInWithPassword({ email, password });
      return { error, ms: performance.now() - started };
    };
    const unknown = [];
    const wrong = [];
    for (let i = 0; i < 3; i += 1) {
      unknown.push(await timed('nobody-here@example.test', 'Wr0ng!pass'));
      wrong.push(await timed(reg.email, 'Wr0ng!pass'));
    }
    for (const { error } of [...unknown, ...wrong]) {
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
      expect(error?.status).toBe(400);
    }
    const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[1] ?? 0;
    // Without the dummy hash an unknown address would answer in a few ms instead of an argon2 verification.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
  });

  it('reports errors in the format the client asked for, with x-sb-error-code', async () => {
    const current = await authFetch(s, '/token?grant_type=password', {
      body: { email: reg.email, password: 'x' },
    });
    expect(current.status).toBe(400);
    expect(current.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(current.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const legacy = await authFetch(s, '/token?grant_type=password', {
      body: { email: reg.email, password: 'x' },
      headers: { 'x-supabase-api-version': '' },
    });
    expect(legacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('keeps sessions out of caches, and answers CORS preflights for our web origins only', async () => {
    const res = await authFetch(s, '/token?grant_type=password', {
      body: { email: reg.email, password: reg.password },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const preflight = (origin: string) =>
      fetch(`${s.url}/auth/v1/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
        },
      });
    const ours = await preflight('http://localhost:5173');
    expect(ours.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ours.headers.get('access-control-allow-headers')).toContain('apikey');
    const theirs = await preflight('https://evil.example');
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
    // Being on the loopback interface is not enough: only configured origins are ours.
    const otherPort = await preflight('http://localhost:5174');
    expect(otherPort.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses calls without our API key, and bad or missing bearers on /user', async () => {
    const noKey = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reg.email, password: reg.password }),
    });
    expect(noKey.status).toBe(401);
    const forged = await authFetch(s, '/token?grant_type=password', {
      body: { email: reg.email, password: reg.password },
      headers: { apikey: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('no_authorization');

    const anon = await authFetch(s, '/user', { method: 'GET' });
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('bad_jwt');
    const { session } = await signedIn();
    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    const bad = await authFetch(s, '/user', { method: 'GET', token: tampered });
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe('bad_jwt');
    const good = await authFetch(s, '/user', { method: 'GET', token: session.access_token });
    expect(good.status).toBe(200);
    expect(good.body.email).toBe(reg.email);
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh: the new pair works, the spent token is refused', async () => {
    const { client, session } = await signedIn();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session;
    if (!next) throw new Error('no refreshed session');
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect((await client.auth.getUser()).data.user?.email).toBe(reg.email);
    expect((await profileCall(next.access_token)).status).toBe(200);
  });

  it('ends the whole session when a spent refresh token comes back (refresh_token_already_used)', async () => {
    const { client, session } = await signedIn();
    const { data } = await client.auth.refreshSession();
    const current = data.session;
    if (!current) throw new Error('no refreshed session');

    // A thief replays the token the client already spent.
    const replay = await authFetch(s, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    // The family is gone: the rightful holder's current pair no longer works either.
    const { data: after, error } = await client.auth.refreshSession();
    expect(after.session).toBeNull();
    expect(error?.code).toBe('refresh_token_not_found');
    expect((await profileCall(current.access_token)).status).toBe(401);
    const user = await authFetch(s, '/user', { method: 'GET', token: current.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
  });

  it('refuses unknown and missing refresh tokens without changing anything', async () => {
    const before = await authTableCounts(s);
    const unknown = await authFetch(s, '/token?grant_type=refresh_token', {
      body: { refresh_token: 'made-up' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('refresh_token_not_found');
    const missing = await authFetch(s, '/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    expect(await authTableCounts(s)).toEqual(before);
  });
});

describe('sign-out scopes', () => {
  it('local ends this session only; others ends every other; global ends all', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const c = await signedIn();

    expect((await b.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await b.client.auth.getSession()).data.session).toBeNull();
    expect((await profileCall(b.session.access_token)).status).toBe(401);
    expect((await profileCall(a.session.access_token)).status).toBe(200);

    const d = await signedIn();
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.client.auth.getSession()).data.session).not.toBeNull();
    expect((await profileCall(a.session.access_token)).status).toBe(200);
    expect((await profileCall(c.session.access_token)).status).toBe(401);
    expect((await profileCall(d.session.access_token)).status).toBe(401);
    // A client whose session ended elsewhere finds out and drops its stored session (SPEC.md §4).
    const { error } = await c.client.auth.getUser();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await c.client.auth.getSession()).data.session).toBeNull();

    const e = await signedIn();
    expect((await a.client.auth.signOut()).error).toBeNull(); // the default scope is global
    expect((await profileCall(a.session.access_token)).status).toBe(401);
    expect((await profileCall(e.session.access_token)).status).toBe(401);
    const sessions = await s.t.deps.db.query('select 1 from auth.sessions where user_id = $1', [
      a.session.user.id,
    ]);
    expect(sessions).toHaveLength(0);
  });

  it('signs out locally without an error when the server no longer knows the session', async () => {
    const a = await signedIn();
    await authFetch(s, '/logout?scope=global', { token: a.session.access_token });
    const raw = await authFetch(s, '/logout?scope=local', { token: a.session.access_token });
    expect(raw.status).toBe(403);
    expect(raw.body.code).toBe('session_not_found');
    const { error } = await a.client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    expect((await a.client.auth.getSession()).data.session).toBeNull();
  });

  it('answers 204 with no body, and refuses an unknown scope', async () => {
    const a = await signedIn();
    const bad = await authFetch(s, '/logout?scope=everyone', { token: a.session.access_token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect((await profileCall(a.session.access_token)).status).toBe(200);
    const done = await fetch(`${s.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: s.anonKey, authorization: `Bearer ${a.session.access_token}` },
    });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });
});

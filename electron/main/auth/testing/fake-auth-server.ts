// A stand-in for our server's /client-config, /auth/v1 and /storage/v1 behind a fetch function, speaking
// the GoTrue wire shapes supabase-js reads, so the session module's tests run the real supabase-js client.
// It does what the desktop flows need and no more; the real server has its own suites.
import { randomUUID } from 'node:crypto';
import { s256Challenge } from '../pkce';

export const FAKE_SERVER = 'http://localhost:8787';
export const FAKE_ANON_KEY = 'anon-key';

interface FakeUser {
  id: string;
  email: string;
  password: string;
  new_email?: string;
  user_metadata: Record<string, unknown>;
}

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function createFakeAuthServer(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const users = new Map<string, FakeUser>();
  const accessTokens = new Map<string, string>(); // token -> user id
  const refreshTokens = new Map<string, string>();
  const codes = new Map<string, { userId: string; challenge: string; recovery: boolean }>();
  const calls: FakeCall[] = [];
  let googleOn = true;
  let resendLimited = false;
  const uploads: { path: string; contentType: string | null; upsert: string | null; bytes: number }[] = [];
  let reachable = true;

  function addUser(email: string, password: string): FakeUser {
    const user = { id: randomUUID(), email, password, user_metadata: { first_name: 'Ada' } };
    users.set(user.id, user);
    return user;
  }

  function userJson(user: FakeUser) {
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      new_email: user.new_email,
      user_metadata: user.user_metadata,
      app_metadata: { provider: 'email' },
      created_at: '2026-01-01T00:00:00Z',
    };
  }

  function sessionFor(user: FakeUser) {
    const exp = Math.floor(now() / 1000) + 3600;
    const access = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: user.id, exp, role: 'authenticated' })}.sig-${randomUUID()}`;
    const refresh = `refresh-${randomUUID()}`;
    accessTokens.set(access, user.id);
    refreshTokens.set(refresh, user.id);
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: exp,
      refresh_token: refresh,
      user: userJson(user),
    };
  }

  const json = (status: number, body: unknown, extra: [string, string][] = []) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: [['content-type', 'application/json'], ...extra],
    });
  /** Issued device tokens (value -> user id), set as the real server sets them after a sign-in. */
  const deviceTokens = new Map<string, string>();
  const deviceCookieName = (user: FakeUser) => `sf_device_${user.id.replace(/-/g, '').slice(0, 16)}`;
  const signedIn = (user: FakeUser, body: unknown) => {
    const token = randomUUID().replace(/-/g, '');
    deviceTokens.set(token, user.id);
    const cookie = `${deviceCookieName(user)}=${token}; Max-Age=31536000; Path=/auth/v1; HttpOnly; SameSite=Strict`;
    return json(200, body, [['set-cookie', cookie]]);
  };
  const authError = (status: number, code: string, msg: string) =>
    json(status, { code: status, error_code: code, msg });

  function userOf(headers: Record<string, string>): FakeUser | null {
    const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
    const id = accessTokens.get(token);
    return id ? (users.get(id) ?? null) : null;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers = Object.fromEntries(request.headers);
    const raw = request.method === 'GET' ? '' : await request.text();
    const isJson = headers['content-type']?.includes('json') ?? false;
    const body = raw && isJson ? JSON.parse(raw) : raw ? { bytes: raw.length } : null;
    calls.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    });
    const b = (body ?? {}) as {
      email?: string;
      password?: string;
      auth_code?: string;
      code_verifier?: string;
      refresh_token?: string;
      data?: Record<string, unknown>;
    };

    if (url.pathname === '/client-config') return json(200, { url: FAKE_SERVER, anonKey: FAKE_ANON_KEY });
    if (headers.apikey !== FAKE_ANON_KEY) return json(401, { msg: 'No API key found in request' });

    if (url.pathname === '/auth/v1/token') {
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        const user = [...users.values()].find((u) => u.email === b.email && u.password === b.password);
        return user
          ? signedIn(user, sessionFor(user))
          : authError(400, 'invalid_credentials', 'Invalid login credentials');
      }
      if (grant === 'pkce') {
        const flow = codes.get(b.auth_code ?? '');
        if (!flow || s256Challenge(String(b.code_verifier)) !== flow.challenge)
          return authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        codes.delete(b.auth_code ?? '');
        const user = users.get(flow.userId)!;
        const session = sessionFor(user);
        return signedIn(user, flow.recovery ? { ...session, redirect_type: 'recovery' } : session);
      }
      if (grant === 'refresh_token') {
        const id = refreshTokens.get(b.refresh_token ?? '');
        if (!id)
          return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        refreshTokens.delete(b.refresh_token ?? '');
        return json(200, sessionFor(users.get(id)!));
      }
    }
    if (url.pathname === '/auth/v1/user') {
      const user = userOf(headers);
      if (!user)
        return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      if (request.method === 'PUT') {
        if (typeof b.email === 'string') user.new_email = b.email;
        if (b.data) user.user_metadata = { ...user.user_metadata, ...b.data };
      }
      return json(200, userJson(user));
    }
    if (url.pathname === '/auth/v1/logout') {
      const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!accessTokens.delete(token)) return authError(404, 'session_not_found', 'Session not found');
      return json(204, null);
    }
    if (url.pathname === '/auth/v1/recover') return json(200, {});
    if (url.pathname === '/auth/v1/resend') {
      return resendLimited
        ? authError(429, 'over_request_rate_limit', 'Request rate limit reached')
        : json(200, {});
    }
    if (url.pathname === '/auth/v1/settings')
      return json(200, { external: { email: true, google: googleOn } });
    if (url.pathname.startsWith('/storage/v1/object/avatars/')) {
      const user = userOf(headers);
      if (!user)
        return json(403, {
          statusCode: '403',
          error: 'Unauthorized',
          message: 'new row violates row-level security policy',
        });
      uploads.push({
        path: url.pathname.replace('/storage/v1/object/avatars/', ''),
        contentType: headers['content-type'] ?? null,
        upsert: headers['x-upsert'] ?? null,
        bytes: raw.length,
      });
      return json(200, { Key: `avatars/${url.pathname.split('/avatars/')[1]}`, Id: randomUUID() });
    }
    return json(404, { error: 'Not found.', code: 'not_found' });
  }

  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (!reachable) throw new TypeError('fetch failed');
    return handle(new Request(input, init));
  }) as typeof fetch;

  return {
    fetch: fetchFn,
    calls,
    /** What GET /auth/v1/settings says of Google. */
    setGoogle(on: boolean) {
      googleOn = on;
    },
    /** POST /auth/v1/resend answers its rate limit. */
    limitResends(limited: boolean) {
      resendLimited = limited;
    },
    uploads,
    users,
    addUser,
    deviceTokens,
    deviceCookieName,
    /** An auth code as /verify or the OAuth callback would issue it for `challenge`. */
    issueCode(userId: string, challenge: string, recovery = false) {
      const code = randomUUID();
      codes.set(code, { userId, challenge, recovery });
      return code;
    },
    /** Forgets every session, as a server that revoked them (or lost its database) would. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    setReachable(value: boolean) {
      reachable = value;
    },
  };
}

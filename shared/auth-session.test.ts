// The shared session core against a stand-in for supabase-js: what both platforms get from it. The real
// supabase-js against a fake auth server is electron/main/auth/session.test.ts's, and against the real
// server the end-to-end and desktop simulation suites'.
import { describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, createAuthSession } from './auth-session';
import type { AuthProblem, AuthSessionDeps } from './auth-session';

const USER = {
  id: '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4',
  email: 'ada@example.org',
  new_email: 'new@example.org',
  user_metadata: { full_name: 'Ada Lovelace' },
};
const SESSION = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_at: 1_900_000_000,
  user: USER,
};

class Failure extends Error {
  constructor(readonly problem: AuthProblem) {
    super(problem.message);
  }
}

function fakeSupabase() {
  let session: typeof SESSION | null = null;
  const uploads: { bucket: string; path: string; options: unknown }[] = [];
  const auth = {
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    signOut: vi.fn(
      async (): Promise<{ error: { message: string; code?: string; status?: number } | null }> => {
        session = null;
        return { error: null };
      },
    ),
    exchangeCodeForSession: vi.fn(async (code: string) => {
      session = SESSION;
      return {
        data: { session, user: USER, redirectType: code === 'reset-code' ? 'recovery' : null },
        error: null,
      };
    }),
    signInWithPassword: vi.fn(async () => {
      session = SESSION;
      return { data: { session }, error: null };
    }),
    signInWithOtp: vi.fn(async (_credentials: unknown) => ({
      data: { user: null, session: null },
      error: null,
    })),
    verifyOtp: vi.fn(async (params: { token: string }) => {
      if (params.token !== '042917') {
        return {
          data: { session: null, user: null },
          error: { message: 'Token has expired or is invalid', code: 'otp_expired', status: 403 },
        };
      }
      session = SESSION;
      return { data: { session, user: USER }, error: null };
    }),
    onAuthStateChange: vi.fn(),
    stopAutoRefresh: vi.fn(async () => undefined),
  };
  const storage = {
    from: (bucket: string) => ({
      upload: async (path: string, _body: unknown, options: unknown) => {
        uploads.push({ bucket, path, options });
        return { error: null };
      },
      getPublicUrl: (path: string) => ({
        data: { publicUrl: `http://server.test/public/${bucket}/${path}` },
      }),
    }),
  };
  return { client: { auth, storage }, auth, uploads, signIn: () => (session = SESSION) };
}

function setup(overrides: Partial<AuthSessionDeps> = {}) {
  const supabase = fakeSupabase();
  const stored = new Map<string, string>();
  const warnings: string[] = [];
  const createClient = vi.fn(() => supabase.client as never);
  const deps: AuthSessionDeps = {
    serverUrl: 'http://server.test',
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    fetch: vi.fn(),
    loadConfig: vi.fn(async () => ({ url: 'http://public.test', anonKey: 'anon-key' })),
    loadCreateClient: async () => createClient,
    authFailure: (problem) => new Failure(problem),
    storageFailure: ({ message }) => new Error(message),
    warn: (message) => warnings.push(message),
    ...overrides,
  };
  return { session: createAuthSession(deps), supabase, stored, warnings, deps, createClient };
}

async function failure(promise: Promise<unknown>): Promise<AuthProblem> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Failure);
  return (error as Failure).problem;
}

describe('createAuthSession', () => {
  it('opens one client with the PKCE flow on the platform’s storage, and shows no token', async () => {
    const { session, supabase, createClient, deps } = setup();
    supabase.signIn();
    const [first, second] = await Promise.all([session.getSession(), session.getSession()]);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith('http://server.test', 'anon-key', {
      auth: expect.objectContaining({
        flowType: 'pkce',
        storage: deps.storage,
        storageKey: AUTH_STORAGE_KEY,
      }),
      global: { fetch: deps.fetch },
    });
    expect(first).toEqual({
      user: {
        id: USER.id,
        email: 'ada@example.org',
        pendingEmail: 'new@example.org',
        metadata: { full_name: 'Ada Lovelace' },
      },
      expiresAt: 1_900_000_000,
    });
    expect(JSON.stringify(second)).not.toMatch(/access-1|refresh-1/);
  });

  it('tries the configuration again after it failed, instead of keeping the failure', async () => {
    const loadConfig = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ url: 'http://public.test', anonKey: 'anon-key' });
    const { session } = setup({ loadConfig });
    await expect(session.getSession()).rejects.toThrow('down');
    await expect(session.getSession()).resolves.toBeNull();
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });

  it('keeps the stored session when its refresh cannot reach the server (offline), and only then', async () => {
    const { session, supabase, stored } = setup();
    stored.set(AUTH_STORAGE_KEY, JSON.stringify({ ...SESSION, expires_at: 1_000 }));
    supabase.auth.getSession.mockResolvedValueOnce({
      data: { session: null },
      error: { message: 'Failed to fetch', status: 0 },
    } as never);
    expect((await session.getSession())?.user.id).toBe(USER.id);

    // The server refused the refresh token: that is no offline moment, and the reader is not signed in.
    supabase.auth.getSession.mockResolvedValueOnce({
      data: { session: null },
      error: { message: 'Invalid Refresh Token', code: 'refresh_token_not_found', status: 400 },
    } as never);
    expect((await failure(session.getSession())).code).toBe('refresh_token_not_found');

    // Offline with nothing stored: the failure stands.
    stored.clear();
    supabase.auth.getSession.mockResolvedValueOnce({
      data: { session: null },
      error: { message: 'Failed to fetch', status: 0 },
    } as never);
    expect((await failure(session.getSession())).status).toBe(0);
  });

  it('clears the stored session when the server refuses the sign-out, warning unless it no longer knew it', async () => {
    for (const [code, warned] of [
      ['session_not_found', false],
      ['unexpected_failure', true],
    ] as const) {
      const { session, supabase, stored, warnings } = setup();
      supabase.signIn();
      for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`, `${AUTH_STORAGE_KEY}-code-verifier`])
        stored.set(key, 'x');
      supabase.auth.signOut.mockResolvedValueOnce({ error: { message: 'Nope', code, status: 500 } });
      await session.signOut();
      expect(stored.size).toBe(0);
      expect(supabase.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
      expect(warnings).toEqual(warned ? ['Sign-out failed on the server: Nope'] : []);
    }
  });

  it('tells a password-reset code from any other by supabase-js’s redirectType', async () => {
    const { session } = setup();
    await expect(session.exchangeCode('reset-code')).resolves.toEqual({ recovery: true });
    await expect(session.exchangeCode('other-code')).resolves.toEqual({ recovery: false });
  });

  it('asks for a sign-in link that never makes an account, and signs in with its code', async () => {
    const { session, supabase } = setup();
    await session.sendSignInLink('ada@example.org', 'shelfwise://auth/callback?state=s');
    expect(supabase.auth.signInWithOtp).toHaveBeenCalledWith({
      email: 'ada@example.org',
      options: { emailRedirectTo: 'shelfwise://auth/callback?state=s', shouldCreateUser: false },
    });
    expect(await failure(session.signInWithEmailCode('ada@example.org', '000000'))).toMatchObject({
      code: 'otp_expired',
      status: 403,
    });
    const signedIn = await session.signInWithEmailCode('ada@example.org', '042917');
    expect(signedIn?.user.email).toBe('ada@example.org');
    expect(JSON.stringify(signedIn)).not.toContain('refresh-1');
    expect(supabase.auth.verifyOtp).toHaveBeenLastCalledWith({
      email: 'ada@example.org',
      token: '042917',
      type: 'email',
    });
  });

  it('answers the anon key as bearer when signed out and the access token when signed in', async () => {
    const { session, supabase } = setup();
    await expect(session.bearer()).resolves.toEqual({ token: 'anon-key', userId: null });
    supabase.signIn();
    await expect(session.bearer()).resolves.toEqual({ token: 'access-1', userId: USER.id });
  });

  it('uploads the avatar to its one path with upsert, and only with a session', async () => {
    const { session, supabase } = setup();
    expect(await failure(session.uploadAvatar(new Uint8Array([1]), 'image/png'))).toEqual({
      message: 'Unable to get user session',
      code: 'session_missing',
      status: 401,
    });
    supabase.signIn();
    await expect(session.uploadAvatar(new Uint8Array([1]), 'image/webp')).resolves.toBe(
      `http://server.test/public/avatars/public/${USER.id}.png`,
    );
    expect(supabase.uploads).toEqual([
      {
        bucket: 'avatars',
        path: `public/${USER.id}.png`,
        options: { upsert: true, contentType: 'image/webp' },
      },
    ]);
  });
});

// The web implementation of the Backend contract: supabase-js (PKCE flow, session in localStorage,
// automatic refresh) against our own /auth/v1 and /storage/v1, and fetch for /sf/. The web app always
// talks to the server that served it (same origin, so no CORS); /client-config gives the anon key at run
// time, so one build serves every deployment.
import type { AuthError, Session, SupabaseClient, User } from '@supabase/supabase-js';
import type { AuthRedirectResult, AuthSession, AuthUser, Backend, AuthListener, AuthEvent } from './backend';
import { readAuthRedirect } from './auth-redirect';
import { AuthFailure } from './errors';
import { fetchSf } from './sf-fetch';

/** Where supabase-js keeps the session in localStorage (and `${key}-code-verifier` during PKCE). */
export const AUTH_STORAGE_KEY = 'sb-shelfwise-auth-token';

interface ClientConfig {
  url: string;
  anonKey: string;
}

interface Connection {
  client: SupabaseClient;
  config: ClientConfig;
}

export interface WebBackendOptions {
  /** The origin of the page, which is also the server's. */
  origin?: string;
  fetch?: typeof fetch;
  storage?: Storage;
}

function toUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email ?? null,
    pendingEmail: user.new_email ?? null,
    metadata: user.user_metadata ?? {},
  };
}

function toSession(session: Session | null): AuthSession | null {
  return session ? { user: toUser(session.user), expiresAt: session.expires_at ?? null } : null;
}

function toFailure(error: AuthError): AuthFailure {
  return new AuthFailure(error.message, error.code ?? null, error.status ?? 0);
}

export function createWebBackend(options: WebBackendOptions = {}): Backend {
  const origin = options.origin ?? window.location.origin;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.storage ?? window.localStorage;
  const listeners = new Set<AuthListener>();
  const redirects = new Map<string, Promise<AuthRedirectResult>>();
  let connection: Promise<Connection> | null = null;

  async function loadConfig(): Promise<ClientConfig> {
    const response = await fetchFn(`${origin}/client-config`);
    if (!response.ok) throw new Error(`Could not load the client configuration (HTTP ${response.status}).`);
    return (await response.json()) as ClientConfig;
  }

  async function open(): Promise<Connection> {
    // supabase-js is its own chunk, fetched alongside the configuration rather than in the first bundle.
    const [config, { createClient }] = await Promise.all([loadConfig(), import('@supabase/supabase-js')]);
    const client = createClient(origin, config.anonKey, {
      auth: {
        flowType: 'pkce',
        storage,
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        // supabase-js ticks every 30 s and refreshes when fewer than 3 ticks remain: SPEC.md §4's rule.
        autoRefreshToken: true,
        // completeAuthRedirect does this explicitly, so the app knows when it is done and how it went.
        detectSessionInUrl: false,
      },
      global: { fetch: fetchFn },
    });
    client.auth.onAuthStateChange((event, session) => {
      const mapped = toSession(session);
      for (const listener of listeners) listener(event as AuthEvent, mapped);
    });
    return { client, config };
  }

  function connect(): Promise<Connection> {
    connection ??= open().catch((error: unknown) => {
      connection = null; // let the next call try again
      throw error;
    });
    return connection;
  }

  async function auth() {
    return (await connect()).client.auth;
  }

  async function clearLocalSession() {
    storage.removeItem(AUTH_STORAGE_KEY);
    storage.removeItem(`${AUTH_STORAGE_KEY}-user`);
    storage.removeItem(`${AUTH_STORAGE_KEY}-code-verifier`);
    // With nothing stored, supabase-js skips the server and just forgets the session (SIGNED_OUT).
    await (await auth()).signOut({ scope: 'local' });
  }

  async function finishRedirect(href: string): Promise<AuthRedirectResult> {
    const params = readAuthRedirect(href);
    if (params.kind === 'none') return { kind: 'none' };
    if (params.kind === 'error') return { kind: 'error', message: params.message };
    const client = await auth();
    if (params.kind === 'code') {
      const { data, error } = await client.exchangeCodeForSession(params.code);
      if (error?.code === 'pkce_code_verifier_not_found' && (await client.getSession()).data.session) {
        // The server only hands out a code once the link checked out. supabase-js drops the verifier of an
        // e-mail change as soon as updateUser saves the session, and links opened in another browser have
        // none: the change is made, the signed-in session simply carries on.
        return { kind: 'verified' };
      }
      if (error) return { kind: 'error', message: error.message };
      // supabase-js answers the flow's kind (set by resetPasswordForEmail) but leaves it out of its types.
      const redirectType = (data as { redirectType?: string | null }).redirectType;
      return { kind: 'signed-in', recovery: redirectType === 'recovery' };
    }
    const { error } = await client.setSession({
      access_token: params.accessToken,
      refresh_token: params.refreshToken,
    });
    if (error) return { kind: 'error', message: error.message };
    return { kind: 'signed-in', recovery: params.type === 'recovery' };
  }

  return {
    kind: 'web',

    async getSession() {
      const { data, error } = await (await auth()).getSession();
      if (error) throw toFailure(error);
      return toSession(data.session);
    },

    onAuthStateChange(listener) {
      listeners.add(listener);
      void connect().catch(() => undefined);
      return () => listeners.delete(listener);
    },

    completeAuthRedirect(href) {
      // React may run start-up effects twice; a code can be exchanged only once.
      let pending = redirects.get(href);
      if (!pending) {
        pending = finishRedirect(href);
        redirects.set(href, pending);
      }
      return pending;
    },

    async signInWithPassword(email, password) {
      const { data, error } = await (await auth()).signInWithPassword({ email, password });
      if (error) throw toFailure(error);
      const session = toSession(data.session);
      if (!session) throw new AuthFailure('Sign-in did not start a session.', null, 0);
      return session;
    },

    async signInWithGoogle() {
      const { error } = await (
        await auth()
      ).signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${origin}/` },
      });
      if (error) throw toFailure(error);
    },

    async signOut() {
      const { error } = await (await auth()).signOut({ scope: 'local' });
      if (!error) return;
      // The server no longer knows this session (SPEC.md §4), or could not be asked: either way this
      // device must not stay signed in with a token nobody can use.
      if (error.code !== 'session_not_found') console.warn('Sign-out failed on the server:', error.message);
      await clearLocalSession();
    },

    async resetPasswordForEmail(email) {
      const { error } = await (
        await auth()
      ).resetPasswordForEmail(email, {
        redirectTo: `${origin}/reset-password`,
      });
      if (error) throw toFailure(error);
    },

    async updateUser(changes) {
      const { data, error } = await (
        await auth()
      ).updateUser(changes, {
        emailRedirectTo: `${origin}/settings`,
      });
      if (error) throw toFailure(error);
      return toUser(data.user);
    },

    async getUser() {
      const { data, error } = await (await auth()).getUser();
      if (error) throw toFailure(error);
      return toUser(data.user);
    },

    async sf(name, payload) {
      const { client, config } = await connect();
      const { data } = await client.auth.getSession();
      const bearer = data.session?.access_token ?? config.anonKey;
      return (await fetchSf(fetchFn, origin, name, payload, bearer)) as never;
    },

    async uploadAvatar(file) {
      const { client, config } = await connect();
      const { data } = await client.auth.getSession();
      const userId = data.session?.user.id;
      if (!userId) throw new AuthFailure('Unable to get user session', 'session_missing', 401);
      const path = `public/${userId}.png`;
      const bucket = client.storage.from('avatars');
      const { error } = await bucket.upload(path, file, {
        upsert: true,
        contentType: file.type || 'image/png',
      });
      if (error) throw new Error(error.message);
      // The public address is on the server's own URL (the one profiles accept), which is this page's
      // origin except behind a development proxy.
      const { publicUrl } = bucket.getPublicUrl(path).data;
      return publicUrl.startsWith(origin) ? `${config.url}${publicUrl.slice(origin.length)}` : publicUrl;
    },

    async serverUrl() {
      return (await connect()).config.url;
    },

    onDeepLink() {
      return () => undefined;
    },
  };
}

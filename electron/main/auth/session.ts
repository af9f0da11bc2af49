// Main owns the session (ARCHITECTURE.md "Desktop shell"): one supabase-js client whose auth storage is the
// token vault, refreshing on its own as on the web (SPEC.md §4). The renderer gets who is signed in and until
// when (BridgeSession), never a token; /sf/ calls and avatar uploads get the bearer here.
import { createClient } from '@supabase/supabase-js';
import type { AuthError, Session, SupabaseClient, User } from '@supabase/supabase-js';
import ws from 'ws';
import { z } from 'zod';
import type { BridgeAuthEvent, BridgeSession, BridgeUser, BridgeUserChanges } from '@shared/desktop-bridge';
import { BridgeFailure } from '../bridge-failure';
import type { TokenVault } from './token-vault';

/** Where supabase-js keeps the session in the vault (and `${key}-code-verifier` during its own PKCE flows). */
export const AUTH_STORAGE_KEY = 'sb-shelfwise-auth-token';

const clientConfig = z.object({ url: z.string(), anonKey: z.string().min(1) });
export type ClientConfig = z.infer<typeof clientConfig>;

export type SessionListener = (event: BridgeAuthEvent, session: BridgeSession | null) => void;

export interface SessionDeps {
  serverUrl: string;
  vault: TokenVault;
  fetch: typeof fetch;
  log: (message: string) => void;
  /** Off in tests that drive time themselves. */
  autoRefresh?: boolean;
}

export interface DesktopSession {
  /** The server's /client-config (anon key and public URL); loads the client on first use. */
  clientConfig(): Promise<ClientConfig>;
  getSession(): Promise<BridgeSession | null>;
  getUser(): Promise<BridgeUser>;
  signInWithPassword(email: string, password: string): Promise<BridgeSession>;
  signOut(): Promise<void>;
  resetPasswordForEmail(email: string, redirectTo: string): Promise<void>;
  /** `emailRedirectTo` is where the confirmation of an e-mail change comes back. */
  updateUser(changes: BridgeUserChanges, emailRedirectTo?: string): Promise<BridgeUser>;
  /** Exchanges a code from a flow main started with its own verifier (Google, sign-up confirmation). */
  exchangeWithVerifier(code: string, verifier: string): Promise<BridgeSession>;
  /** Exchanges a code from a flow supabase-js started (password reset, e-mail change). */
  exchangeCode(code: string): Promise<{ recovery: boolean }>;
  /** The bearer for /sf/: the session's access token (refreshed when due), else the anon key. */
  bearer(): Promise<{ token: string; userId: string | null }>;
  uploadAvatar(image: Uint8Array, contentType: string): Promise<string>;
  onChange(listener: SessionListener): () => void;
  stop(): Promise<void>;
}

export function toBridgeUser(user: User): BridgeUser {
  return {
    id: user.id,
    email: user.email ?? null,
    pendingEmail: user.new_email ?? null,
    metadata: user.user_metadata ?? {},
  };
}

/** The session as the renderer may see it: no access token, no refresh token. */
export function toBridgeSession(session: Session | null): BridgeSession | null {
  return session ? { user: toBridgeUser(session.user), expiresAt: session.expires_at ?? null } : null;
}

function authFailure(error: AuthError): BridgeFailure {
  return new BridgeFailure({
    kind: 'auth',
    message: error.message,
    code: error.code ?? null,
    status: error.status ?? 0,
  });
}

const noSession = () =>
  new BridgeFailure({
    kind: 'auth',
    message: 'Unable to get user session',
    code: 'session_missing',
    status: 401,
  });

interface Connection {
  client: SupabaseClient;
  config: ClientConfig;
}

export function createDesktopSession(deps: SessionDeps): DesktopSession {
  const listeners = new Set<SessionListener>();
  let connection: Promise<Connection> | null = null;

  async function loadConfig(): Promise<ClientConfig> {
    let response: Response;
    try {
      // A server that accepts the connection but never answers must not hold up sign-in or deep links.
      response = await deps.fetch(`${deps.serverUrl}/client-config`, { signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new BridgeFailure({
        kind: 'auth',
        message: `The server at ${deps.serverUrl} could not be reached.`,
        code: null,
        status: 0,
      });
    }
    const parsed = clientConfig.safeParse(response.ok ? await response.json().catch(() => null) : null);
    if (!parsed.success)
      throw new BridgeFailure({
        kind: 'auth',
        message: `The server at ${deps.serverUrl} did not answer its client configuration (HTTP ${response.status}).`,
        code: null,
        status: response.status,
      });
    return parsed.data;
  }

  async function open(): Promise<Connection> {
    const config = await loadConfig();
    const client = createClient(deps.serverUrl, config.anonKey, {
      auth: {
        flowType: 'pkce',
        storage: deps.vault,
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        // Outside a browser supabase-js ticks every 30 s and refreshes under 3 ticks left (SPEC.md §4).
        autoRefreshToken: deps.autoRefresh ?? true,
        detectSessionInUrl: false,
      },
      global: { fetch: deps.fetch },
      // supabase-js 2 needs a WebSocket on Node 20 even though the app uses no realtime channel.
      realtime: { transport: ws as never },
    });
    client.auth.onAuthStateChange((event, session) => {
      const visible = toBridgeSession(session);
      for (const listener of listeners) listener(event as BridgeAuthEvent, visible);
    });
    return { client, config };
  }

  function connect(): Promise<Connection> {
    connection ??= open().catch((error: unknown) => {
      connection = null; // the next call tries again (the server may start after the app)
      throw error;
    });
    return connection;
  }

  const auth = async () => (await connect()).client.auth;

  async function currentSession(): Promise<Session | null> {
    const { data, error } = await (await auth()).getSession();
    if (error) throw authFailure(error);
    return data.session;
  }

  async function clearLocalSession() {
    for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`, `${AUTH_STORAGE_KEY}-code-verifier`])
      await deps.vault.removeItem(key);
    // With nothing stored supabase-js skips the server and just forgets the session (SIGNED_OUT).
    await (await auth()).signOut({ scope: 'local' });
  }

  return {
    async clientConfig() {
      return (await connect()).config;
    },

    async getSession() {
      return toBridgeSession(await currentSession());
    },

    async getUser() {
      const { data, error } = await (await auth()).getUser();
      if (error) throw authFailure(error);
      return toBridgeUser(data.user);
    },

    async signInWithPassword(email, password) {
      const { data, error } = await (await auth()).signInWithPassword({ email, password });
      if (error) throw authFailure(error);
      const session = toBridgeSession(data.session);
      if (!session)
        throw new BridgeFailure({
          kind: 'auth',
          message: 'Sign-in did not start a session.',
          code: null,
          status: 0,
        });
      return session;
    },

    async signOut() {
      const { error } = await (await auth()).signOut({ scope: 'local' });
      if (!error) return;
      // The server no longer knows this session (SPEC.md §4), or could not be asked: either way this device
      // must not stay signed in with a token nobody can use.
      if (error.code !== 'session_not_found') deps.log(`Sign-out failed on the server: ${error.message}`);
      await clearLocalSession();
    },

    async resetPasswordForEmail(email, redirectTo) {
      const { error } = await (await auth()).resetPasswordForEmail(email, { redirectTo });
      if (error) throw authFailure(error);
    },

    async updateUser(changes, emailRedirectTo) {
      const { data, error } = await (
        await auth()
      ).updateUser(changes, emailRedirectTo ? { emailRedirectTo } : {});
      if (error) throw authFailure(error);
      return toBridgeUser(data.user);
    },

    async exchangeWithVerifier(code, verifier) {
      const { client, config } = await connect();
      let response: Response;
      try {
        response = await deps.fetch(`${deps.serverUrl}/auth/v1/token?grant_type=pkce`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            apikey: config.anonKey,
            authorization: `Bearer ${config.anonKey}`,
          },
          body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
        });
      } catch {
        throw new BridgeFailure({
          kind: 'auth',
          message: 'The server could not be reached.',
          code: null,
          status: 0,
        });
      }
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!response.ok || typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') {
        const message = [body?.msg, body?.error_description, body?.message].find(
          (m) => typeof m === 'string',
        );
        const code = [body?.error_code, body?.code].find((c) => typeof c === 'string');
        throw new BridgeFailure({
          kind: 'auth',
          message: (message as string | undefined) ?? 'The sign-in could not be completed.',
          code: (code as string | undefined) ?? null,
          status: response.status,
        });
      }
      // setSession stores the pair in the vault and announces SIGNED_IN, as any other sign-in.
      const { data, error } = await client.auth.setSession({
        access_token: body.access_token,
        refresh_token: body.refresh_token,
      });
      if (error) throw authFailure(error);
      const session = toBridgeSession(data.session);
      if (!session) throw noSession();
      return session;
    },

    async exchangeCode(code) {
      const { data, error } = await (await auth()).exchangeCodeForSession(code);
      if (error) throw authFailure(error);
      // supabase-js answers redirectType at run time ('recovery' after a reset link); its types omit it.
      return { recovery: (data as { redirectType?: string | null }).redirectType === 'recovery' };
    },

    async bearer() {
      const { config } = await connect();
      const session = await currentSession();
      return session
        ? { token: session.access_token, userId: session.user.id }
        : { token: config.anonKey, userId: null };
    },

    async uploadAvatar(image, contentType) {
      const { client } = await connect();
      const session = await currentSession();
      if (!session) throw noSession();
      const path = `public/${session.user.id}.png`;
      const bucket = client.storage.from('avatars');
      const { error } = await bucket.upload(path, image, { upsert: true, contentType });
      if (error) {
        const status = 'statusCode' in error ? Number(error.statusCode) || 0 : 0;
        throw new BridgeFailure({ kind: 'storage', message: error.message, status });
      }
      return bucket.getPublicUrl(path).data.publicUrl;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async stop() {
      if (!connection) return;
      const { client } = await connection.catch(() => ({ client: null }));
      await client?.auth.stopAutoRefresh();
    },
  };
}

// The session logic the web Backend (renderer/src/platform/web.ts) and Electron main
// (electron/main/auth/session.ts) share, as Actual shares its platform modules: one supabase-js client
// against our /auth/v1 and /storage/v1 (PKCE, refreshing on its own: SPEC.md §4), opened once and again
// after a failure, mapping supabase-js's objects onto the token-free shapes screens see
// (shared/desktop-bridge.ts). Each platform brings its storage adapter (localStorage, the token vault), its
// way of loading the client and the configuration, and its error types.
import type { AuthError, Session, SupabaseClient, SupabaseClientOptions, User } from '@supabase/supabase-js';
import { avatarObjectPath, AVATAR_BUCKET } from './avatar';
import type {
  BridgeAuthEvent,
  BridgeFactorProof,
  BridgeSession,
  BridgeTotpEnrollment,
  BridgeTwoStep,
  BridgeUser,
  BridgeUserChanges,
} from './desktop-bridge';

/** Where supabase-js keeps the session in storage (and `${key}-code-verifier` during PKCE). */
export const AUTH_STORAGE_KEY = 'sb-shelfwise-auth-token';
/** Everything supabase-js stores under that key; clearing these forgets the session on this device. */
const STORED_KEYS = [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`, `${AUTH_STORAGE_KEY}-code-verifier`];

/** The server's /client-config: its public URL and the anon key. */
export interface ClientConfig {
  url: string;
  anonKey: string;
}

/** supabase-js's storage adapter: localStorage on the web, the OS keychain vault in Electron main. */
export interface AuthStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** An auth failure as the provider reports it; status 0 when the server could not be reached. */
export interface AuthProblem {
  message: string;
  code: string | null;
  status: number;
}

export type CreateClient = (
  url: string,
  anonKey: string,
  options: SupabaseClientOptions<'public'>,
) => SupabaseClient;

export interface AuthSessionDeps {
  serverUrl: string;
  storage: AuthStorage;
  fetch: typeof fetch;
  loadConfig(): Promise<ClientConfig>;
  /** supabase-js's createClient, loaded alongside the configuration (the web fetches it as its own chunk). */
  loadCreateClient(): Promise<CreateClient>;
  /** Off in tests that drive time themselves. */
  autoRefresh?: boolean;
  authFailure(problem: AuthProblem): Error;
  /** An avatar upload the storage server refused (its message), or could not be reached (status 0). */
  storageFailure(problem: { message: string; status: number }): Error;
  warn(message: string): void;
}

export type SessionListener = (event: BridgeAuthEvent, session: BridgeSession | null) => void;

interface Connection {
  client: SupabaseClient;
  config: ClientConfig;
}

export function toBridgeUser(user: User): BridgeUser {
  return {
    id: user.id,
    email: user.email ?? null,
    pendingEmail: user.new_email ?? null,
    metadata: user.user_metadata ?? {},
  };
}

/** The session as screens may see it: who and until when, no access token, no refresh token. */
export function toBridgeSession(session: Session | null): BridgeSession | null {
  return session ? { user: toBridgeUser(session.user), expiresAt: session.expires_at ?? null } : null;
}

const problemOf = (error: AuthError): AuthProblem => ({
  message: error.message,
  code: error.code ?? null,
  status: error.status ?? 0,
});

export const NO_SESSION: AuthProblem = {
  message: 'Unable to get user session',
  code: 'session_missing',
  status: 401,
};

export function createAuthSession(deps: AuthSessionDeps) {
  const listeners = new Set<SessionListener>();
  let connection: Promise<Connection> | null = null;
  const fail = (error: AuthError) => deps.authFailure(problemOf(error));

  async function open(): Promise<Connection> {
    const [config, createClient] = await Promise.all([deps.loadConfig(), deps.loadCreateClient()]);
    const client = createClient(deps.serverUrl, config.anonKey, {
      auth: {
        flowType: 'pkce',
        storage: deps.storage,
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        // supabase-js ticks every 30 s and refreshes when fewer than 3 ticks remain: SPEC.md §4's rule.
        autoRefreshToken: deps.autoRefresh ?? true,
        // Redirects are finished explicitly, so the app knows when it is done and how it went.
        detectSessionInUrl: false,
      },
      global: { fetch: deps.fetch },
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
    if (!error) return data.session;
    // An expired access token whose refresh could not reach the server (offline, issue 29): supabase-js
    // keeps the stored session for when the connection returns, and so do we, so the reader stays signed in
    // with their offline copy instead of being shown as signed out until then.
    if ((error.status ?? 0) === 0) {
      const stored = await storedSession();
      if (stored) return stored;
    }
    throw fail(error);
  }

  /** The session supabase-js keeps in storage, read without asking the server. */
  async function storedSession(): Promise<Session | null> {
    try {
      const stored = JSON.parse((await deps.storage.getItem(AUTH_STORAGE_KEY)) ?? 'null') as Session | null;
      return stored?.user?.id && stored.refresh_token ? stored : null;
    } catch {
      return null;
    }
  }

  async function clearLocalSession() {
    for (const key of STORED_KEYS) await deps.storage.removeItem(key);
    // With nothing stored supabase-js skips the server and just forgets the session (SIGNED_OUT).
    await (await auth()).signOut({ scope: 'local' });
  }

  return {
    connect,

    async clientConfig(): Promise<ClientConfig> {
      return (await connect()).config;
    },

    async getSession(): Promise<BridgeSession | null> {
      return toBridgeSession(await currentSession());
    },

    async getUser(): Promise<BridgeUser> {
      const { data, error } = await (await auth()).getUser();
      if (error) throw fail(error);
      return toBridgeUser(data.user);
    },

    async signInWithPassword(email: string, password: string): Promise<BridgeSession> {
      const { data, error } = await (await auth()).signInWithPassword({ email, password });
      if (error) throw fail(error);
      const session = toBridgeSession(data.session);
      if (!session)
        throw deps.authFailure({ message: 'Sign-in did not start a session.', code: null, status: 0 });
      return session;
    },

    /** Ends the session; one the server no longer knows (session_not_found) or cannot reach is cleared here. */
    async signOut(): Promise<void> {
      const { error } = await (await auth()).signOut({ scope: 'local' });
      if (!error) return;
      // The server no longer knows this session (SPEC.md §4), or could not be asked: either way this device
      // must not stay signed in with a token nobody can use.
      if (error.code !== 'session_not_found') deps.warn(`Sign-out failed on the server: ${error.message}`);
      await clearLocalSession();
    },

    /**
     * Mails a sign-in link and its six-digit code (signInWithOtp). The server never makes an account here and
     * answers the same for every address; shouldCreateUser says so to any server that would.
     */
    async sendSignInLink(email: string, redirectTo: string): Promise<void> {
      const { error } = await (
        await auth()
      ).signInWithOtp({ email, options: { emailRedirectTo: redirectTo, shouldCreateUser: false } });
      if (error) throw fail(error);
    },

    /** Signs in with the six-digit code of a sign-in mail (verifyOtp, type email). */
    async signInWithEmailCode(email: string, code: string): Promise<BridgeSession> {
      const { data, error } = await (await auth()).verifyOtp({ email, token: code, type: 'email' });
      if (error) throw fail(error);
      const session = toBridgeSession(data.session);
      if (!session)
        throw deps.authFailure({ message: 'Sign-in did not start a session.', code: null, status: 0 });
      return session;
    },

    async resetPasswordForEmail(email: string, redirectTo: string): Promise<void> {
      const { error } = await (await auth()).resetPasswordForEmail(email, { redirectTo });
      if (error) throw fail(error);
    },

    /** `emailRedirectTo` is where the confirmation of an e-mail change comes back. */
    async updateUser(changes: BridgeUserChanges, emailRedirectTo?: string): Promise<BridgeUser> {
      const { data, error } = await (
        await auth()
      ).updateUser(changes, emailRedirectTo ? { emailRedirectTo } : {});
      if (error) throw fail(error);
      return toBridgeUser(data.user);
    },

    /** Exchanges the code of a PKCE flow this client started; `recovery` after a password reset link. */
    async exchangeCode(code: string): Promise<{ recovery: boolean }> {
      const { data, error } = await (await auth()).exchangeCodeForSession(code);
      if (error) throw fail(error);
      // supabase-js answers redirectType at run time ('recovery' after a reset link); its types omit it.
      return { recovery: (data as { redirectType?: string | null }).redirectType === 'recovery' };
    },

    /** Two-step sign-in: where the session stands and the reader's TOTP factors (supabase-js auth.mfa). */
    async twoStep(): Promise<BridgeTwoStep> {
      const mfa = (await auth()).mfa;
      const level = await mfa.getAuthenticatorAssuranceLevel();
      if (level.error) throw fail(level.error);
      const listed = await mfa.listFactors();
      if (listed.error) throw fail(listed.error);
      return {
        currentLevel: level.data.currentLevel === 'aal2' ? 'aal2' : 'aal1',
        nextLevel: level.data.nextLevel === 'aal2' ? 'aal2' : 'aal1',
        factors: listed.data.all
          .filter((factor) => factor.factor_type === 'totp')
          .map((factor) => ({ id: factor.id, verified: factor.status === 'verified' })),
      };
    },

    /** Starts a TOTP enrolment: the QR code (an SVG data URL), the key to type by hand, and its factor. */
    async enrollTotp(): Promise<BridgeTotpEnrollment> {
      const { data, error } = await (await auth()).mfa.enroll({ factorType: 'totp' });
      if (error) throw fail(error);
      return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
    },

    /**
     * Proves a TOTP factor with a code, or with a recovery code (our extension of GoTrue's verify): the
     * session becomes aal2, and an enrolment is confirmed, the first with the account's recovery codes.
     */
    async verifyTotp(factorId: string, code: string): Promise<BridgeFactorProof> {
      const { data, error } = await (await auth()).mfa.challengeAndVerify({ factorId, code });
      if (error) throw fail(error);
      const session = toBridgeSession(await currentSession());
      if (!session) throw deps.authFailure(NO_SESSION);
      const codes = (data as { recovery_codes?: unknown }).recovery_codes;
      const recoveryCodes =
        Array.isArray(codes) && codes.every((c) => typeof c === 'string') ? (codes as string[]) : null;
      return { session, recoveryCodes };
    },

    /** Removes a factor (a verified one needs an aal2 session). */
    async unenrollFactor(factorId: string): Promise<void> {
      const { error } = await (await auth()).mfa.unenroll({ factorId });
      if (error) throw fail(error);
    },

    /** Stores a token pair obtained elsewhere and announces SIGNED_IN, as any other sign-in. */
    async setSession(accessToken: string, refreshToken: string): Promise<BridgeSession | null> {
      const { data, error } = await (
        await auth()
      ).setSession({ access_token: accessToken, refresh_token: refreshToken });
      if (error) throw fail(error);
      return toBridgeSession(data.session);
    },

    /** The bearer for /sf/: the session's access token (refreshed when due), else the anon key. */
    async bearer(): Promise<{ token: string; userId: string | null }> {
      const { config } = await connect();
      const session = await currentSession();
      return session
        ? { token: session.access_token, userId: session.user.id }
        : { token: config.anonKey, userId: null };
    },

    /** Stores the signed-in user's avatar at its one path (shared/avatar.ts) and answers its public URL. */
    async uploadAvatar(image: Blob | Uint8Array, contentType: string): Promise<string> {
      const { client } = await connect();
      const session = await currentSession();
      if (!session) throw deps.authFailure(NO_SESSION);
      const path = avatarObjectPath(session.user.id);
      const bucket = client.storage.from(AVATAR_BUCKET);
      const { error } = await bucket.upload(path, image, { upsert: true, contentType });
      if (error) {
        const status = 'statusCode' in error ? Number(error.statusCode) || 0 : 0;
        throw deps.storageFailure({ message: error.message, status });
      }
      return bucket.getPublicUrl(path).data.publicUrl;
    },

    onChange(listener: SessionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async stop(): Promise<void> {
      if (!connection) return;
      const { client } = await connection.catch(() => ({ client: null }));
      await client?.auth.stopAutoRefresh();
    },
  };
}

export type AuthSessionCore = ReturnType<typeof createAuthSession>;

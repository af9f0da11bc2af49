// Main owns the session (ARCHITECTURE.md "Desktop shell"): the shared session core (shared/auth-session.ts)
// with the token vault as its storage, refreshing on its own as on the web (SPEC.md §4). The renderer gets
// who is signed in and until when (BridgeSession), never a token; /sf/ calls and avatar uploads get the
// bearer here.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { z } from 'zod';
import { createAuthSession, NO_SESSION } from '@shared/auth-session';
import type { ClientConfig, SessionListener } from '@shared/auth-session';
import type {
  BridgeFactorProof,
  BridgeSession,
  BridgeTotpEnrollment,
  BridgeTwoStep,
  BridgeUser,
  BridgeUserChanges,
} from '@shared/desktop-bridge';
import { BridgeFailure } from '../bridge-failure';
import { withDeviceCookies } from './device-cookies';
import type { TokenVault } from './token-vault';

const clientConfig = z.object({ url: z.string(), anonKey: z.string().min(1) });

/**
 * The server's last client configuration, kept in the vault (which is per server origin) so that a launch
 * without a connection still opens the stored session: every auth path needs the anon key first.
 */
export const CLIENT_CONFIG_KEY = 'shelfwise-client-config';

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
  /** A sign-in link and code by e-mail; supabase-js keeps the PKCE verifier in the vault. */
  sendSignInLink(email: string, redirectTo: string): Promise<void>;
  signInWithEmailCode(email: string, code: string): Promise<BridgeSession>;
  /** `emailRedirectTo` is where the confirmation of an e-mail change comes back. */
  updateUser(changes: BridgeUserChanges, emailRedirectTo?: string): Promise<BridgeUser>;
  twoStep(): Promise<BridgeTwoStep>;
  enrollTotp(): Promise<BridgeTotpEnrollment>;
  verifyTotp(factorId: string, code: string): Promise<BridgeFactorProof>;
  unenrollFactor(factorId: string): Promise<void>;
  /** Exchanges a code from a flow main started with its own verifier (Google, sign-up confirmation). */
  exchangeWithVerifier(code: string, verifier: string): Promise<BridgeSession>;
  /**
   * Asks for a new sign-up confirmation mail (POST /auth/v1/resend) made like the desktop sign-up's: back to
   * `redirectTo` (a shelfwise:// callback) with main's own S256 challenge, so its code signs the reader in here.
   */
  resendSignUp(email: string, flow: { redirectTo: string; challenge: string }): Promise<void>;
  /** Whether the server has Google sign-in configured (GET /auth/v1/settings); null when it cannot tell. */
  googleAvailable(): Promise<boolean | null>;
  /** Exchanges a code from a flow supabase-js started (password reset, e-mail change). */
  exchangeCode(code: string): Promise<{ recovery: boolean }>;
  /** The bearer for /sf/: the session's access token (refreshed when due), else the anon key. */
  bearer(): Promise<{ token: string; userId: string | null }>;
  uploadAvatar(image: Uint8Array, contentType: string): Promise<string>;
  onChange(listener: SessionListener): () => void;
  stop(): Promise<void>;
}

const authFailure = (problem: { message: string; code: string | null; status: number }) =>
  new BridgeFailure({ kind: 'auth', ...problem });

export function createDesktopSession(deps: SessionDeps): DesktopSession {
  // Every auth call carries this device's device cookies and keeps new ones (auth/device-cookies.ts).
  const fetch = withDeviceCookies({
    serverUrl: deps.serverUrl,
    vault: deps.vault,
    fetch: deps.fetch,
    log: deps.log,
  });

  async function rememberedConfig(): Promise<ClientConfig | null> {
    const stored = await deps.vault.getItem(CLIENT_CONFIG_KEY).catch(() => null);
    if (!stored) return null;
    try {
      const parsed = clientConfig.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function loadConfig(): Promise<ClientConfig> {
    let response: Response;
    try {
      // A server that accepts the connection but never answers must not hold up sign-in or deep links.
      response = await deps.fetch(`${deps.serverUrl}/client-config`, { signal: AbortSignal.timeout(10_000) });
    } catch {
      const remembered = await rememberedConfig();
      if (remembered) {
        deps.log(
          `The server at ${deps.serverUrl} could not be reached: using its last client configuration.`,
        );
        return remembered;
      }
      throw new BridgeFailure({
        kind: 'auth',
        message: `The server at ${deps.serverUrl} could not be reached.`,
        code: null,
        status: 0,
      });
    }
    const parsed = clientConfig.safeParse(response.ok ? await response.json().catch(() => null) : null);
    if (parsed.success)
      await deps.vault
        .setItem(CLIENT_CONFIG_KEY, JSON.stringify(parsed.data))
        .catch((error: unknown) => deps.log(`Could not keep the client configuration: ${String(error)}`));
    if (!parsed.success)
      throw new BridgeFailure({
        kind: 'auth',
        message: `The server at ${deps.serverUrl} did not answer its client configuration (HTTP ${response.status}).`,
        code: null,
        status: response.status,
      });
    return parsed.data;
  }

  const core = createAuthSession({
    serverUrl: deps.serverUrl,
    storage: deps.vault,
    fetch,
    loadConfig,
    // supabase-js 2 needs a WebSocket on Node 20 even though the app uses no realtime channel.
    loadCreateClient: async () => (url, anonKey, options) =>
      createClient(url, anonKey, { ...options, realtime: { transport: ws as never } }),
    autoRefresh: deps.autoRefresh,
    authFailure,
    storageFailure: ({ message, status }) => new BridgeFailure({ kind: 'storage', message, status }),
    warn: deps.log,
  });

  /**
   * A raw /auth/v1 call with the anon key and this device's cookies, for what supabase-js cannot do with
   * main's own PKCE verifier.
   */
  async function authCall(path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
    const config = await core.clientConfig();
    let response: Response;
    try {
      response = await fetch(`${deps.serverUrl}/auth/v1${path}`, {
        method: init.method,
        headers: {
          'content-type': 'application/json',
          apikey: config.anonKey,
          authorization: `Bearer ${config.anonKey}`,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(10_000),
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
    return { response, body };
  }

  /** The server's own message and code (GoTrue's fields), else `fallback`. */
  function callFailure(response: Response, body: Record<string, unknown> | null, fallback: string) {
    const message = [body?.msg, body?.error_description, body?.message].find((m) => typeof m === 'string');
    const code = [body?.error_code, body?.code].find((c) => typeof c === 'string');
    return new BridgeFailure({
      kind: 'auth',
      message: (message as string | undefined) ?? fallback,
      code: (code as string | undefined) ?? null,
      status: response.status,
    });
  }

  return {
    clientConfig: core.clientConfig,
    getSession: core.getSession,
    getUser: core.getUser,
    signInWithPassword: core.signInWithPassword,
    signOut: core.signOut,
    resetPasswordForEmail: core.resetPasswordForEmail,
    sendSignInLink: core.sendSignInLink,
    signInWithEmailCode: core.signInWithEmailCode,
    updateUser: core.updateUser,
    twoStep: core.twoStep,
    enrollTotp: core.enrollTotp,
    verifyTotp: core.verifyTotp,
    unenrollFactor: core.unenrollFactor,
    exchangeCode: core.exchangeCode,
    bearer: core.bearer,
    uploadAvatar: core.uploadAvatar,
    onChange: core.onChange,
    stop: core.stop,

    async resendSignUp(email, flow) {
      const query = new URLSearchParams({ redirect_to: flow.redirectTo });
      const { response, body } = await authCall(`/resend?${query}`, {
        method: 'POST',
        body: { type: 'signup', email, code_challenge: flow.challenge, code_challenge_method: 's256' },
      });
      if (!response.ok) throw callFailure(response, body, 'The link could not be sent.');
    },

    async googleAvailable() {
      try {
        const { response, body } = await authCall('/settings', { method: 'GET' });
        const external = body?.external as Record<string, unknown> | undefined;
        return response.ok && typeof external?.google === 'boolean' ? external.google : null;
      } catch {
        return null;
      }
    },

    async exchangeWithVerifier(code, verifier) {
      const { response, body } = await authCall('/token?grant_type=pkce', {
        method: 'POST',
        body: { auth_code: code, code_verifier: verifier },
      });
      if (!response.ok || typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') {
        throw callFailure(response, body, 'The sign-in could not be completed.');
      }
      // setSession stores the pair in the vault and announces SIGNED_IN, as any other sign-in.
      const session = await core.setSession(body.access_token, body.refresh_token);
      if (!session) throw authFailure(NO_SESSION);
      return session;
    },
  };
}

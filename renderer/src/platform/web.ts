// The web implementation of the Backend contract: supabase-js (PKCE flow, session in localStorage,
// automatic refresh) against our own /auth/v1 and /storage/v1, and fetch for /sf/. The web app always
// talks to the server that served it (same origin, so no CORS); /client-config gives the anon key at run
// time, so one build serves every deployment.
import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import { createAuthSession } from '@shared/auth-session';
import type { ClientConfig } from '@shared/auth-session';
import type { AuthRedirectResult, Backend } from './backend';
import { readAuthRedirect } from './auth-redirect';
import { AuthFailure } from './errors';
import { postSf } from '@shared/api/post-sf';
import type { SfOutcome } from '@shared/api/post-sf';
import { SF_NETWORK_ERROR } from '@shared/api/post-sf';
import { SfError } from './errors';
import { fetchSf } from './sf-fetch';
import { createWebOffline } from './web-offline';
import type { WebOffline } from './web-offline';
import { createWebOfflineStore, indexedDbEntries } from './web-offline-storage';

export interface WebBackendOptions {
  /** The origin of the page, which is also the server's. */
  origin?: string;
  fetch?: typeof fetch;
  storage?: Storage;
  /** Offline support over IndexedDB (issue 29); on wherever the browser has IndexedDB unless turned off. */
  offline?: boolean;
}

const KEPT_CONFIG_KEY = 'shelfwise-client-config';

function readKeptConfig(storage: Storage): ClientConfig | null {
  try {
    const kept = JSON.parse(storage.getItem(KEPT_CONFIG_KEY) ?? 'null') as Partial<ClientConfig> | null;
    return typeof kept?.url === 'string' && typeof kept.anonKey === 'string'
      ? { url: kept.url, anonKey: kept.anonKey }
      : null;
  } catch {
    return null;
  }
}

function keepConfig(storage: Storage, config: ClientConfig): void {
  try {
    storage.setItem(KEPT_CONFIG_KEY, JSON.stringify({ url: config.url, anonKey: config.anonKey }));
  } catch {
    // Storage full or refused: the app works online as before.
  }
}

export function createWebBackend(options: WebBackendOptions = {}): Backend {
  const origin = options.origin ?? window.location.origin;
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.storage ?? window.localStorage;
  const redirects = new Map<string, Promise<AuthRedirectResult>>();

  async function loadConfig(): Promise<ClientConfig> {
    let response: Response;
    try {
      response = await fetchFn(`${origin}/client-config`);
    } catch (error) {
      // Offline (issue 29): the last configuration this server gave still opens the stored session, so a
      // reload without a connection keeps the reader signed in with their offline copy. It is public (the
      // server's address and anon key), the same for every reader of this device.
      const kept = readKeptConfig(storage);
      if (kept) return kept;
      throw error;
    }
    if (!response.ok) throw new Error(`Could not load the client configuration (HTTP ${response.status}).`);
    const config = (await response.json()) as ClientConfig;
    keepConfig(storage, config);
    return config;
  }

  const session = createAuthSession({
    serverUrl: origin,
    storage,
    fetch: fetchFn,
    loadConfig,
    // supabase-js is its own chunk, fetched alongside the configuration rather than in the first bundle.
    loadCreateClient: async () => (await import('@supabase/supabase-js')).createClient,
    authFailure: ({ message, code, status }) => new AuthFailure(message, code, status),
    storageFailure: ({ message }) => new Error(message),
    warn: (message) => console.warn(message),
  });

  /** One /sf/ POST as the signed-in reader (or as a visitor); a server out of reach is status 0. */
  async function attempt(
    name: string,
    body: string,
    idempotencyKey?: string,
  ): Promise<{ outcome: SfOutcome; userId: string | null }> {
    let bearer: { token: string; userId: string | null };
    try {
      // A session that cannot be read (its refresh refused) calls as a visitor; the server says what needs one.
      bearer = await session.bearer().catch(async (error: unknown) => {
        if (!(error instanceof AuthFailure) || error.status === 0) throw error;
        return { token: (await session.clientConfig()).anonKey, userId: null };
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The server could not be reached.';
      return {
        outcome: { ok: false, failure: { status: 0, code: SF_NETWORK_ERROR, error: message } },
        userId: null,
      };
    }
    const key = idempotencyKey === undefined ? {} : { idempotencyKey };
    const outcome = await postSf({
      fetch: fetchFn,
      baseUrl: origin,
      name,
      body,
      bearer: bearer.token,
      ...key,
    });
    return { outcome, userId: bearer.userId };
  }

  const offline: WebOffline | null =
    (options.offline ?? typeof indexedDB !== 'undefined')
      ? createWebOffline({
          store: createWebOfflineStore(indexedDbEntries()),
          attempt,
          probe: async () => (await fetchFn(`${origin}/health`).catch(() => null))?.ok ?? false,
        })
      : null;
  if (offline) {
    session.onChange((event, current) => {
      if (event === 'SIGNED_OUT' || !current) void offline.setReader(null);
      else void offline.setReader(current.user.id);
    });
    window.addEventListener('online', () => offline.networkChanged(true));
    window.addEventListener('offline', () => offline.networkChanged(false));
  }

  /** GET /auth/v1/settings: whether Google sign-in is configured; null when the server cannot say. */
  async function googleAvailable(anonKey: string): Promise<boolean | null> {
    try {
      const response = await fetchFn(`${origin}/auth/v1/settings`, {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      });
      const body = (await response.json().catch(() => null)) as { external?: { google?: unknown } } | null;
      return response.ok && typeof body?.external?.google === 'boolean' ? body.external.google : null;
    } catch {
      return null;
    }
  }

  async function finishRedirect(href: string): Promise<AuthRedirectResult> {
    const params = readAuthRedirect(href);
    if (params.kind === 'none') return { kind: 'none' };
    if (params.kind === 'error') return { kind: 'error', message: params.message };
    try {
      if (params.kind === 'fragment') {
        await session.setSession(params.accessToken, params.refreshToken);
        return { kind: 'signed-in', recovery: params.type === 'recovery' };
      }
      return { kind: 'signed-in', ...(await session.exchangeCode(params.code)) };
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      if (error.code === 'pkce_code_verifier_not_found' && (await session.getSession().catch(() => null))) {
        // The server only hands out a code once the link checked out. supabase-js drops the verifier of an
        // e-mail change as soon as updateUser saves the session, and links opened in another browser have
        // none: the change is made, the signed-in session simply carries on.
        return { kind: 'verified' };
      }
      return { kind: 'error', message: error.message };
    }
  }

  return {
    kind: 'web',

    getSession: () => session.getSession(),

    onAuthStateChange(listener) {
      const unsubscribe = session.onChange(listener);
      void session.connect().catch(() => undefined);
      return unsubscribe;
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

    signInWithPassword: (email, password) => session.signInWithPassword(email, password),
    twoStep: () => session.twoStep(),
    enrollTotp: () => session.enrollTotp(),
    verifyTotp: (factorId, code) => session.verifyTotp(factorId, code),
    unenrollFactor: (factorId) => session.unenrollFactor(factorId),

    async signInWithGoogle() {
      const { client, config } = await session.connect();
      // Asked before leaving the page: on a server without Google the reader stays on the login screen with
      // a plain message. When the server cannot say, the page leaves anyway and the server's own redirect
      // brings any error back.
      if ((await googleAvailable(config.anonKey)) === false) {
        throw new AuthFailure(GOOGLE_UNAVAILABLE_MESSAGE, 'provider_disabled', 400);
      }
      const { error } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${origin}/` },
      });
      if (error) throw new AuthFailure(error.message, error.code ?? null, error.status ?? 0);
    },

    async signOut() {
      await session.signOut();
      // Nothing of this reader stays in the browser: the next person at this device sees none of it.
      await offline?.setReader(null);
    },

    resetPasswordForEmail: (email) => session.resetPasswordForEmail(email, `${origin}/reset-password`),

    async resendConfirmation(email) {
      const { client } = await session.connect();
      // The same landing as a web sign-up's link (register-user): this origin's home page.
      const { error } = await client.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${origin}/` },
      });
      if (error) throw new AuthFailure(error.message, error.code ?? null, error.status ?? 0);
    },

    // The link lands on this origin's home page with ?code=, which completeAuthRedirect exchanges.
    sendSignInLink: (email) => session.sendSignInLink(email, `${origin}/`),
    signInWithEmailCode: (email, code) => session.signInWithEmailCode(email, code),

    updateUser: (changes) => session.updateUser(changes, `${origin}/settings`),

    getUser: () => session.getUser(),

    async sf(name, payload) {
      if (offline) {
        const outcome = await offline.call(name, payload);
        if (outcome.ok) return outcome.value as never;
        throw new SfError(outcome.failure);
      }
      // A session that cannot be read (its refresh refused) calls as a visitor; the server says what needs one.
      const { token } = await session.bearer().catch(async (error: unknown) => {
        if (!(error instanceof AuthFailure)) throw error;
        return { token: (await session.clientConfig()).anonKey };
      });
      return (await fetchSf(fetchFn, origin, name, payload, token)) as never;
    },

    async uploadAvatar(file) {
      const publicUrl = await session.uploadAvatar(file, file.type || 'image/png');
      // The public address is on the server's own URL (the one profiles accept), which is this page's
      // origin except behind a development proxy.
      const { url } = await session.clientConfig();
      return publicUrl.startsWith(origin) ? `${url}${publicUrl.slice(origin.length)}` : publicUrl;
    },

    async serverUrl() {
      return (await session.clientConfig()).url;
    },

    onDeepLink() {
      return () => undefined;
    },

    ...(offline ? { offline: offline.client } : {}),
  };
}

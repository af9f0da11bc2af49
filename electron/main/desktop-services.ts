// Everything main runs between the window and the server, wired once: the session over the token vault, the
// auth flows, Google sign-in, the /sf/ proxy and its cache, the deep-link router and outbox, and the IPC
// handler map. It touches no Electron API: index.ts hands it Electron's pieces, the desktop simulation
// (tests/desktop) hands it stand-ins, so both run exactly this wiring.
import { createAuthFlows, withSignUpFlow } from './auth/auth-flows';
import { createGoogleSignIn } from './auth/google';
import { createDesktopSession } from './auth/session';
import type { FlowStore } from './auth/pending-flows';
import type { DesktopSession } from './auth/session';
import type { TokenVault } from './auth/token-vault';
import type { CacheStore } from './cache-store';
import { createDeepLinkOutbox, createDeepLinkRouter } from './deep-links';
import { createHandlerMap } from './ipc/handler-map';
import type { HandlerMap } from './ipc/handler-map';
import type { SendEvent } from './ipc/events';
import { createSfProxy } from './sf-proxy';

export interface DesktopServicesDeps {
  /** The configured server (app-config.ts), without a trailing slash. */
  serverUrl: string;
  vault: TokenVault;
  cache: CacheStore;
  fetch: typeof fetch;
  /** The http(s)-only opener of external-links.ts; answers false when it refused the URL. */
  openInBrowser: (url: string) => Promise<boolean>;
  /** Main-to-renderer events; the window drops them while it shows no page of ours. */
  send: SendEvent;
  /** Brings the window forward: a link arrived for it. */
  focus: () => void;
  version: string;
  platform: string;
  log: (message: string) => void;
}

export interface DesktopServices {
  /** What registerInvokeHandlers puts on ipcMain. */
  handlers: HandlerMap;
  session: DesktopSession;
  /** The page started loading again: deliveries wait until it asks for them. */
  rendererReloaded(): void;
  /** A raw shelfwise:// link from argv, `second-instance` or `open-url`. */
  handleDeepLink(raw: unknown): Promise<void>;
  /** Loads the session from the vault and starts its refresh timer; a server that is down is retried later. */
  start(): void;
  stop(): Promise<void>;
}

/** Pending sign-in flows sit beside the session in the vault: they hold PKCE verifiers. */
const PENDING_FLOWS_KEY = 'shelfwise-pending-auth-flows';

function vaultFlowStore(vault: TokenVault): FlowStore {
  return {
    load: () => vault.getItem(PENDING_FLOWS_KEY),
    save: (serialized) =>
      serialized === null
        ? vault.removeItem(PENDING_FLOWS_KEY)
        : vault.setItem(PENDING_FLOWS_KEY, serialized),
  };
}

export function createDesktopServices(deps: DesktopServicesDeps): DesktopServices {
  const { serverUrl, log } = deps;
  const session = createDesktopSession({ serverUrl, vault: deps.vault, fetch: deps.fetch, log });
  const flows = createAuthFlows({ session, log, store: vaultFlowStore(deps.vault) });
  const google = createGoogleSignIn({ serverUrl, flows, openInBrowser: deps.openInBrowser });
  const proxy = createSfProxy({
    serverUrl,
    fetch: deps.fetch,
    bearer: () => session.bearer(),
    cache: deps.cache,
    prepare: (name, payload) => (name === 'register-user' ? withSignUpFlow(flows, payload) : payload),
  });

  const outbox = createDeepLinkOutbox((delivery) => deps.send('deepLinks:delivery', delivery));
  const router = createDeepLinkRouter({
    serverUrls: async () => [
      serverUrl,
      ...(await session.clientConfig().then(
        (c) => [c.url],
        () => [],
      )),
    ],
    completeAuth: (params) => flows.complete(params),
    deliver: (delivery) => {
      outbox.deliver(delivery);
      deps.focus();
    },
    log,
  });

  // Sessions end by sign-out, by a refresh the server refuses, or by account deletion: each clears the
  // signed-out user's caches (SPEC.md §3 keeps them per user).
  let lastUserId: string | null = null;
  session.onChange((event, visible) => {
    if (event === 'SIGNED_OUT' && lastUserId) deps.cache.clearUser(lastUserId);
    lastUserId = visible?.user.id ?? null;
    deps.send('auth:state', { event, session: visible });
  });

  const handlers = createHandlerMap({
    auth: { session, flows, google },
    sf: {
      proxy,
      currentUserId: async () => (await session.getSession())?.user.id ?? null,
      cache: deps.cache,
    },
    outbox,
    app: {
      version: deps.version,
      platform: deps.platform,
      configuredServerUrl: serverUrl,
      publicServerUrl: async () => (await session.clientConfig()).url,
    },
  });

  return {
    handlers,
    session,
    rendererReloaded: () => outbox.rendererReloaded(),
    handleDeepLink: (raw) => router.handle(raw),
    start() {
      void session
        .clientConfig()
        .catch((error: unknown) => log(`The server is not reachable yet: ${String(error)}`));
    },
    stop: () => session.stop(),
  };
}

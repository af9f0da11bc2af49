// shelfwise:// links reach the one running instance (ARCHITECTURE.md "Desktop shell"): `open-url` on macOS,
// the second instance's argv on Windows and Linux, and argv on first launch. Each is parsed against the
// route table in shared/deep-links.ts; anything else is ignored and logged without its parameter values.
import {
  DEEP_LINK_SCHEME,
  describeLinkForLog,
  hasDeepLinkScheme,
  parseDeepLink,
  rendererPathOf,
} from '@shared/deep-links';
import type { AuthCallbackParams } from '@shared/deep-links';
import type { DeepLinkDelivery } from '@shared/desktop-bridge';

/** The shelfwise:// argument in a command line, if any (Windows passes it as one argv entry). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  return argv.find(hasDeepLinkScheme) ?? null;
}

export interface DeepLinkRouterDeps {
  /** The server addresses confirmation links may point at. */
  serverUrls: () => Promise<readonly string[]>;
  completeAuth: (params: AuthCallbackParams) => Promise<DeepLinkDelivery | null>;
  deliver: (delivery: DeepLinkDelivery) => void;
  log: (message: string) => void;
}

export function createDeepLinkRouter(deps: DeepLinkRouterDeps): { handle(raw: unknown): Promise<void> } {
  return {
    async handle(raw) {
      const parsed = parseDeepLink(raw, await deps.serverUrls());
      if (!parsed.ok) {
        deps.log(`Ignored a deep link (${parsed.reason}): ${describeLinkForLog(raw)}`);
        return;
      }
      const { link } = parsed;
      if (link.route === 'auth/callback') {
        const delivery = await deps.completeAuth(link.params);
        if (delivery) deps.deliver(delivery);
        return;
      }
      const path = rendererPathOf(link);
      if (path) deps.deliver({ kind: 'open', path });
    },
  };
}

/**
 * Deliveries for the renderer. Until the page has asked for what is pending (it does on start), they wait
 * here, so a link that launched the app is not lost; after that they go out as events. A reload starts over.
 */
export function createDeepLinkOutbox(send: (delivery: DeepLinkDelivery) => void, max = 10) {
  let ready = false;
  let pending: DeepLinkDelivery[] = [];
  return {
    deliver(delivery: DeepLinkDelivery) {
      if (ready) return send(delivery);
      pending.push(delivery);
      if (pending.length > max) pending = pending.slice(-max);
    },
    takePending(): DeepLinkDelivery[] {
      ready = true;
      const taken = pending;
      pending = [];
      return taken;
    },
    rendererReloaded() {
      ready = false;
    },
  };
}

/** The part of Electron's `app` the link sources use. */
export interface DeepLinkApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  whenReady(): Promise<unknown>;
}

export interface DeepLinkSourceOptions {
  argv: readonly string[];
  /** process.defaultApp: running as `electron .`, where the OS must be told the script path too. */
  defaultApp: boolean;
  execPath: string;
  entryScript: string | undefined;
  handle: (raw: string) => void;
  /** Brings the window forward when another launch hands over. */
  focus: () => void;
}

/**
 * Takes the single-instance lock and wires every way a link arrives. Answers false when another instance
 * holds the lock: that instance now has our argv, and this one quits.
 */
export function installDeepLinkSources(app: DeepLinkApp, options: DeepLinkSourceOptions): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  if (options.defaultApp && options.entryScript)
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, options.execPath, [options.entryScript]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  // macOS sends links as events, possibly before `ready`; the router waits for what it needs itself.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    options.handle(url);
    options.focus();
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv);
    if (link) options.handle(link);
    options.focus();
  });
  const first = deepLinkFromArgv(options.argv);
  if (first) void app.whenReady().then(() => options.handle(first));
  return true;
}

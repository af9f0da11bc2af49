// The desktop implementation of the Backend contract, over the preload bridge `window.shelfwise`
// (shared/desktop-bridge.ts). Electron main owns the session and every token: this side asks for who is
// signed in, listens for changes, and has main make each auth, /sf/ and storage call. Bridge calls answer a
// BridgeResult; here they become the same AuthFailure and SfError the web implementation throws, so screens
// cannot tell the two apart.
import type { EndpointName, RequestOf, ResponseOf } from '@shared/api/endpoints';
import {
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  MAX_AVATAR_BYTES,
  avatarContentType,
} from '@shared/avatar';
import type { BridgeError, BridgeResult, DeepLinkDelivery, ShelfwiseBridge } from '@shared/desktop-bridge';
import { readAuthRedirect } from './auth-redirect';
import type { AuthRedirectResult, Backend } from './backend';
import { AuthFailure, SfError } from './errors';
import { createOfflineClient } from './offline-client';

export interface DesktopBackendOptions {
  /**
   * Loads an in-app address as a new page. A failed sign-in that came back by deep link is handed to the
   * page this way, with its message in the address, as the web receives a failed redirect.
   */
  openPage?: (path: string) => void;
}

/** Auth calls fail with AuthFailure whatever refused them, so screens show one kind of message. */
function toAuthFailure(error: BridgeError): AuthFailure {
  switch (error.kind) {
    case 'auth':
      return new AuthFailure(error.message, error.code, error.status);
    case 'sf':
      return new AuthFailure(error.error, error.code, error.status);
    case 'invalid':
      return new AuthFailure(error.message, 'validation_failed', 400);
    case 'forbidden':
      return new AuthFailure(error.message, 'forbidden', 403);
    default:
      return new AuthFailure(error.message, null, 500);
  }
}

/** /sf/ calls fail with SfError carrying the uniform error body, as on the web. */
function toSfError(error: BridgeError): SfError {
  switch (error.kind) {
    case 'sf':
      return new SfError(error);
    case 'auth':
      return new SfError({
        status: error.status,
        code: error.code ?? `http_${error.status}`,
        error: error.message,
      });
    case 'invalid':
      return new SfError({ status: 400, code: 'invalid_input', error: error.message });
    case 'forbidden':
      return new SfError({ status: 403, code: 'forbidden', error: error.message });
    case 'storage':
      return new SfError({ status: error.status, code: `http_${error.status}`, error: error.message });
    default:
      return new SfError({ status: 500, code: 'internal_error', error: error.message });
  }
}

const messageOf = (error: BridgeError) => (error.kind === 'sf' ? error.error : error.message);

async function unwrap<T>(call: Promise<BridgeResult<T>>, fail = toAuthFailure): Promise<T> {
  const result = await call;
  if (result.ok) return result.value;
  throw fail(result.error);
}

/** The in-app address of a failed sign-in: its page, with the message where completeAuthRedirect reads it. */
export function failedSignInPath(path: string, message: string): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set('error_description', message);
  return `${url.pathname}${url.search}`;
}

export function createDesktopBackend(bridge: ShelfwiseBridge, options: DesktopBackendOptions = {}): Backend {
  const openPage = options.openPage ?? ((path: string) => window.location.replace(path));
  const deepLinkListeners = new Set<(path: string) => void>();
  // Deliveries wait here until the app listens (React mounts it, and may mount it twice in development).
  const waiting: DeepLinkDelivery[] = [];
  let receiving = false;
  const offline = createOfflineClient(bridge);
  /** The shell's hooks are fire-and-forget: a refusal is logged, never shown as the screen's failure. */
  const quietly = (call: Promise<BridgeResult<unknown>>) =>
    void call.then((result) => {
      if (!result.ok) console.warn('The desktop shell refused a request:', messageOf(result.error));
    });

  function handOver(delivery: DeepLinkDelivery) {
    if (delivery.kind === 'auth' && delivery.outcome.kind === 'error') {
      openPage(failedSignInPath(delivery.path, delivery.outcome.message));
      return;
    }
    // A finished sign-in needs only its page: the session itself arrives as an auth state event.
    for (const listener of deepLinkListeners) listener(delivery.path);
  }

  function receive(delivery: DeepLinkDelivery) {
    if (deepLinkListeners.size === 0) waiting.push(delivery);
    else handOver(delivery);
  }

  /** Subscribes once for the life of the page, then takes what main kept while the page was loading. */
  function startReceiving() {
    if (receiving) return;
    receiving = true;
    bridge.deepLinks.onDelivery(receive);
    void bridge.deepLinks.takePending().then((result) => {
      if (result.ok) result.value.forEach(receive);
      else console.warn('Could not take the pending links:', messageOf(result.error));
    });
  }

  return {
    kind: 'desktop',

    getSession: () => unwrap(bridge.auth.getSession()),

    onAuthStateChange(listener) {
      return bridge.auth.onStateChange(({ event, session }) => listener(event, session));
    },

    /**
     * Main receives shelfwise://auth/callback itself and exchanges the code, so a desktop page address never
     * carries a code or tokens to finish; it carries only the error of a sign-in that failed (handOver put it
     * there). A code or token in the address was meant for someone else and is left alone.
     */
    async completeAuthRedirect(href): Promise<AuthRedirectResult> {
      const params = readAuthRedirect(href);
      return params.kind === 'error' ? { kind: 'error', message: params.message } : { kind: 'none' };
    },

    signInWithPassword: (email, password) => unwrap(bridge.auth.signInWithPassword(email, password)),
    twoStep: () => unwrap(bridge.auth.twoStep()),
    enrollTotp: () => unwrap(bridge.auth.enrollTotp()),
    verifyTotp: (factorId, code) => unwrap(bridge.auth.verifyTotp(factorId, code)),
    async unenrollFactor(factorId) {
      await unwrap(bridge.auth.unenrollFactor(factorId));
    },

    /** Opens the system browser on Google; the session comes back later, by deep link to main. */
    async signInWithGoogle() {
      await unwrap(bridge.auth.signInWithGoogle());
    },

    async signOut() {
      await unwrap(bridge.auth.signOut());
    },

    /** The mail's link comes back into the app (shelfwise://confirm-reset), then to /reset-password. */
    async resetPasswordForEmail(email) {
      await unwrap(bridge.auth.resetPasswordForEmail(email));
    },

    /** Main makes the link as for a desktop sign-up: shelfwise://confirm-signup, its code exchanged in main. */
    async resendConfirmation(email) {
      await unwrap(bridge.auth.resendConfirmation(email));
    },

    /** The mail's link comes back into the app (shelfwise://confirm-sign-in); its code is exchanged in main. */
    async sendSignInLink(email) {
      await unwrap(bridge.auth.sendSignInLink(email));
    },

    signInWithEmailCode: (email, code) => unwrap(bridge.auth.signInWithEmailCode(email, code)),

    updateUser: (changes) => unwrap(bridge.auth.updateUser(changes)),

    getUser: () => unwrap(bridge.auth.getUser()),

    async sf<N extends EndpointName>(name: N, payload: RequestOf<N>): Promise<ResponseOf<N>> {
      const value = await unwrap(bridge.sf.call(name, payload), toSfError);
      offline.remember(name, payload, value);
      return value;
    },

    async uploadAvatar(file) {
      const type = avatarContentType(file.type);
      if (!type) throw new Error(AVATAR_TYPE_MESSAGE);
      if (file.size > MAX_AVATAR_BYTES) throw new Error(AVATAR_SIZE_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await bridge.storage.uploadAvatar(bytes, type);
      if (result.ok) return result.value;
      throw result.error.kind === 'auth' ? toAuthFailure(result.error) : new Error(messageOf(result.error));
    },

    async serverUrl() {
      return (await unwrap(bridge.app.info())).serverUrl;
    },

    onDeepLink(listener) {
      deepLinkListeners.add(listener);
      startReceiving();
      for (const delivery of waiting.splice(0)) handOver(delivery);
      return () => void deepLinkListeners.delete(listener);
    },

    setColorScheme: (scheme) => quietly(bridge.desktop.setColorScheme(scheme)),
    notify: (notification) => quietly(bridge.desktop.notify(notification)),
    setTaskbarProgress: (fraction) =>
      quietly(
        bridge.desktop.setTaskbarProgress(fraction === null ? null : Math.min(1, Math.max(0, fraction))),
      ),
    offline,
    onShellCommand: (listener) => bridge.desktop.onCommand(listener),
    notificationsEnabled: async () => (await unwrap(bridge.desktop.preferences())).notifications,
    setNotificationsEnabled: async (enabled) =>
      (await unwrap(bridge.desktop.setNotifications(enabled))).notifications,
    keepsSignIn: async () => (await unwrap(bridge.app.info())).keepsSignIn,
    serverChoice: {
      state: () => unwrap(bridge.app.server()),
      choose: (address) => unwrap(bridge.app.chooseServer(address)),
    },
  };
}

// The type of `window.shelfwise`, the desktop app's preload bridge (ARCHITECTURE.md "Desktop shell"). It
// lives in shared/ so the renderer can type its desktop Backend without importing electron/; Electron
// main's handler map is checked against DesktopInvokeApi, and the preload builds exactly this surface.
//
// Every call answers a BridgeResult instead of throwing: errors crossing contextBridge keep only their
// message, and the renderer needs the status, code and details to pick the words SPEC.md §8 gives.
import type { EndpointName, RequestOf, ResponseOf } from './api/endpoints';
import type { AvatarContentType } from './avatar';

export interface BridgeUser {
  id: string;
  email: string | null;
  /** The new address of an e-mail change that still waits for its confirmation. */
  pendingEmail: string | null;
  metadata: Record<string, unknown>;
}

/** Who is signed in and until when. Tokens never cross the bridge; main keeps them. */
export interface BridgeSession {
  user: BridgeUser;
  /** Seconds since the epoch. */
  expiresAt: number | null;
}

export type BridgeAuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

export interface BridgeUserChanges {
  password?: string;
  /** Proof of presence for a new password or address (the server answers reauthentication_needed). */
  current_password?: string;
  email?: string;
  data?: Record<string, unknown>;
}

export type BridgeError =
  /** The auth server's message and error code (invalid_credentials, session_not_found, ...); status 0 = unreachable. */
  | { kind: 'auth'; message: string; code: string | null; status: number }
  /** An /sf/ failure with the uniform error body; payloads main refuses get status 400, code invalid_input. */
  | { kind: 'sf'; status: number; code: string; error: string; details?: unknown }
  /** An avatar upload the storage server refused (its message), or could not be reached (status 0). */
  | { kind: 'storage'; message: string; status: number }
  /** Main refused the call's arguments (wrong types or sizes) before doing anything. */
  | { kind: 'invalid'; message: string }
  /** The call came from a page that is not ours. */
  | { kind: 'forbidden'; message: string }
  | { kind: 'internal'; message: string };

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** How a sign-in that came back by deep link (Google, PKCE e-mail links) ended. */
export type AuthRedirectOutcome =
  { kind: 'signed-in'; recovery: boolean } | { kind: 'error'; message: string };

/** What main hands the renderer from outside: a page to open, or the end of a sign-in and where to go next. */
export type DeepLinkDelivery =
  { kind: 'open'; path: string } | { kind: 'auth'; outcome: AuthRedirectOutcome; path: string };

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** The server's public address (its /client-config `url`), to trust links that point at it. */
  serverUrl: string;
}

/** The /sf/ answers main keeps per user in its local cache (SPEC.md §3: shelves, progress events, goals). */
export const CACHED_ENDPOINTS = [
  'list-shelves',
  'reading-events',
  'reading-goals',
] as const satisfies readonly EndpointName[];
export type CachedEndpointName = (typeof CACHED_ENDPOINTS)[number];

/** Per `namespace:method` channel: the arguments the renderer passes and the value main answers. */
export interface DesktopInvokeApi {
  auth: {
    getSession(): BridgeSession | null;
    getUser(): BridgeUser;
    signInWithPassword(email: string, password: string): BridgeSession;
    /** Opens the system browser on the provider; the session arrives later by deep link. */
    signInWithGoogle(): null;
    signOut(): null;
    /** The reset mail's link comes back into the app (shelfwise://confirm-reset). */
    resetPasswordForEmail(email: string): null;
    updateUser(changes: BridgeUserChanges): BridgeUser;
  };
  sf: {
    /** POST /sf/{name} with the session's bearer added in main. */
    call(name: EndpointName, payload?: unknown): unknown;
    /** The last answer main cached for the signed-in user, or null. */
    cached(name: CachedEndpointName): unknown;
  };
  storage: {
    /** Stores the signed-in user's avatar and answers its public URL. */
    uploadAvatar(image: Uint8Array, contentType: AvatarContentType): string;
  };
  deepLinks: {
    /** Deliveries that arrived before the renderer was listening (a link that launched the app). */
    takePending(): DeepLinkDelivery[];
  };
  app: {
    info(): AppInfo;
  };
}

/** Main-to-renderer events, one channel each. */
export interface DesktopEventApi {
  'auth:state': { event: BridgeAuthEvent; session: BridgeSession | null };
  'deepLinks:delivery': DeepLinkDelivery;
}
export type DesktopEventChannel = keyof DesktopEventApi;

type Invoker<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<BridgeResult<R>> : never;
type Invokers<T> = { [M in keyof T]: Invoker<T[M]> };
type Subscribe<C extends DesktopEventChannel> = (
  listener: (payload: DesktopEventApi[C]) => void,
) => () => void;

/** `window.shelfwise`: functions only. */
export interface ShelfwiseBridge {
  auth: Invokers<DesktopInvokeApi['auth']> & { onStateChange: Subscribe<'auth:state'> };
  sf: {
    call<N extends EndpointName>(name: N, payload: RequestOf<N>): Promise<BridgeResult<ResponseOf<N>>>;
    cached<N extends CachedEndpointName>(name: N): Promise<BridgeResult<ResponseOf<N> | null>>;
  };
  storage: Invokers<DesktopInvokeApi['storage']>;
  deepLinks: Invokers<DesktopInvokeApi['deepLinks']> & { onDelivery: Subscribe<'deepLinks:delivery'> };
  app: Invokers<DesktopInvokeApi['app']>;
}

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

/** Two-step sign-in as screens see it: the session's level, the level it could reach, the TOTP factors. */
export interface BridgeTwoStep {
  currentLevel: 'aal1' | 'aal2';
  /** aal2 when the account has a verified factor: a session at aal1 still owes its code. */
  nextLevel: 'aal1' | 'aal2';
  factors: { id: string; verified: boolean }[];
}

/** A second factor proven: the raised session, and the recovery codes made by the account's first factor. */
export interface BridgeFactorProof {
  session: BridgeSession;
  /** Shown once: only the verification that turned two-step sign-in on answers them. */
  recoveryCodes: string[] | null;
}

/** A TOTP enrolment waiting for its first code. */
export interface BridgeTotpEnrollment {
  factorId: string;
  /** The QR code as a data:image/svg+xml URL. */
  qrCode: string;
  /** The same key, for typing into an authenticator app by hand. */
  secret: string;
}

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
  /**
   * Whether the vault outlives this run (the OS keyring through safeStorage). False: a memory-only vault, so
   * the session and the offline queue end when the app quits, and the sign-in screen says so.
   */
  keepsSignIn: boolean;
}

/** The desktop's server choice (electron/main/server-choice.ts). */
export interface ServerChoiceState {
  /** The server this run talks to. */
  serverUrl: string;
  /** The server the build was made for, offered first. */
  defaultServerUrl: string;
  /** False until the reader has chosen: the first run asks. */
  chosen: boolean;
  /** SHELFWISE_SERVER_URL in the environment sets the server; the app cannot change it. */
  fixedByEnvironment: boolean;
}

/**
 * A choice that passed its checks (`restarting`: another server, so the reader was signed out and the app
 * starts again on it), or why it did not, in words for the reader.
 */
export type ServerChoiceOutcome =
  { ok: true; serverUrl: string; restarting: boolean } | { ok: false; message: string };

/**
 * The /sf/ answers main keeps per user in its encrypted local cache (SPEC.md §3: shelves, shelf items,
 * currently reading, progress events and reading logs with their journals, goals, streak, stats, and the
 * reader's own profile that every signed-in screen needs), one entry
 * per endpoint and payload. Offline, main answers these from the cache.
 */
export const CACHED_ENDPOINTS = [
  // The reader's own profile: the dashboard and the header need it to show the signed-in screens.
  'get-profile',
  'list-shelves',
  'get-shelf-items',
  'shelf-counts',
  'currently-reading',
  'reading-events',
  'list-reading-logs',
  'reading-goals',
  'reading-streak',
  'reading-stats',
  // The Stats page's charts, so it paints offline as the three figures above them do.
  'reading-insights',
  // The bell's count: main sees each fresh answer beside the last and raises native notifications on a rise
  // (electron/main/social-notifications.ts); offline the bell shows the last count known.
  'notification-count',
] as const satisfies readonly EndpointName[];
export type CachedEndpointName = (typeof CACHED_ENDPOINTS)[number];

/** Writes that wait in main's outbox while the server cannot be reached, and go out in order later. */
export const QUEUEABLE_ENDPOINTS = [
  'log-progress-event',
  'update-reading-log',
  'add-to-shelf',
  'remove-from-shelf',
] as const satisfies readonly EndpointName[];
export type QueueableEndpointName = (typeof QUEUEABLE_ENDPOINTS)[number];

/** One cached answer: which call it answers, and when the server gave it. */
export interface CachedAnswer {
  name: CachedEndpointName;
  payload: unknown;
  /** ISO time of the server's answer. */
  savedAt: string;
  value: unknown;
}

/** A change made offline that the server refused when it was sent: shown to the reader, never dropped quietly. */
export interface RefusedChange {
  id: string;
  name: QueueableEndpointName;
  /** When the reader made the change (ISO). */
  queuedAt: string;
  /** The server's own message. */
  message: string;
  code: string;
}

/** Whether main reaches the server, and what waits to be sent or was refused. */
export interface OfflineState {
  online: boolean;
  pending: number;
  refused: RefusedChange[];
}

/** The reader's choices that main keeps (desktop only). */
export interface DesktopPreferences {
  /** Native notifications (goal reached, import finished); off until the reader turns them on. */
  notifications: boolean;
}

/** A native notification asked for by a screen (the import page). */
export interface DesktopNotice {
  kind: 'goal-reached' | 'import-finished';
  title: string;
  body: string;
  /** The in-app page a click opens. */
  path: string;
}

/** What the application menu asks of the page beyond opening a page (which comes as a deep-link delivery). */
export type ShellCommand = 'focus-search';

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
    /** A new sign-up confirmation mail whose link comes back into the app (shelfwise://confirm-signup). */
    resendConfirmation(email: string): null;
    /** A sign-in link and code by e-mail; the link comes back into the app (shelfwise://confirm-sign-in). */
    sendSignInLink(email: string): null;
    /** Signs in with the six-digit code of a sign-in mail. */
    signInWithEmailCode(email: string, code: string): BridgeSession;
    updateUser(changes: BridgeUserChanges): BridgeUser;
    twoStep(): BridgeTwoStep;
    enrollTotp(): BridgeTotpEnrollment;
    verifyTotp(factorId: string, code: string): BridgeFactorProof;
    unenrollFactor(factorId: string): null;
  };
  sf: {
    /** POST /sf/{name} with the session's bearer added in main. */
    call(name: EndpointName, payload?: unknown): unknown;
    /** The last answer main cached for the signed-in user for this call (payload as sent), or null. */
    cached(name: CachedEndpointName, payload?: unknown): unknown;
  };
  offline: {
    state(): OfflineState;
    /** Every answer cached for the signed-in user: the screens' initial data. */
    snapshot(): CachedAnswer[];
    /** Tries the server now and sends what waits. */
    retry(): OfflineState;
    /** The reader has read a refusal. */
    dismiss(id: string): OfflineState;
  };
  desktop: {
    preferences(): DesktopPreferences;
    setNotifications(enabled: boolean): DesktopPreferences;
    /** The reader's colour scheme choice, for the window chrome (nativeTheme.themeSource). */
    setColorScheme(scheme: 'system' | 'light' | 'dark'): null;
    notify(notice: DesktopNotice): null;
    /** 0..1, or null to clear. */
    setTaskbarProgress(fraction: number | null): null;
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
    /** Which server this run uses, the build's default, and whether the reader has chosen yet. */
    server(): ServerChoiceState;
    /** Checks an address (https, or http on this machine; answers /client-config) and switches to it. */
    chooseServer(address: string): ServerChoiceOutcome;
  };
}

/** Main-to-renderer events, one channel each. */
export interface DesktopEventApi {
  'auth:state': { event: BridgeAuthEvent; session: BridgeSession | null };
  'deepLinks:delivery': DeepLinkDelivery;
  'offline:state': OfflineState;
  'desktop:command': ShellCommand;
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
    cached<N extends CachedEndpointName>(
      name: N,
      payload?: RequestOf<N>,
    ): Promise<BridgeResult<ResponseOf<N> | null>>;
  };
  offline: Invokers<DesktopInvokeApi['offline']> & { onState: Subscribe<'offline:state'> };
  desktop: Invokers<DesktopInvokeApi['desktop']> & { onCommand: Subscribe<'desktop:command'> };
  storage: Invokers<DesktopInvokeApi['storage']>;
  deepLinks: Invokers<DesktopInvokeApi['deepLinks']> & { onDelivery: Subscribe<'deepLinks:delivery'> };
  app: Invokers<DesktopInvokeApi['app']>;
}

// The one contract between the screens and whatever talks to the server (ARCHITECTURE.md "Desktop shell").
// The web build implements it with supabase-js and fetch (web.ts); the desktop app implements it over its
// preload bridge (desktop.ts). Screens depend on this type only, never on supabase-js or window.shelfwise.
import type { EndpointName, RequestOf, ResponseOf } from '@shared/api/endpoints';
import type {
  BridgeAuthEvent,
  BridgeFactorProof,
  BridgeSession,
  BridgeTotpEnrollment,
  BridgeTwoStep,
  BridgeUser,
  BridgeUserChanges,
  ServerChoiceOutcome,
  ServerChoiceState,
  ShellCommand,
} from '@shared/desktop-bridge';
import type { AppUpdates } from './app-updates';
import type { OfflineClient } from './offline-client';

// The session shapes are the desktop bridge's (shared/desktop-bridge.ts): main hands the renderer exactly
// these, and the web implementation maps supabase-js's objects onto the same ones, so both sides agree by
// construction rather than by two descriptions kept in step.

/** id, email, the pending address of an e-mail change, and free-form metadata (OAuth names, pictures). */
export type AuthUser = BridgeUser;
/** What screens may know of a session: who, and until when (seconds since the epoch). No tokens. */
export type AuthSession = BridgeSession;
export type AuthEvent = BridgeAuthEvent;
/** Password, e-mail and metadata changes. */
export type UserChanges = BridgeUserChanges;
export type TwoStep = BridgeTwoStep;
export type TotpEnrollment = BridgeTotpEnrollment;
export type FactorProof = BridgeFactorProof;

export type AuthListener = (event: AuthEvent, session: AuthSession | null) => void;

/**
 * The outcome of arriving from an auth redirect (OAuth return, e-mail link): `?code=`, a fragment, or an
 * error. `verified`: the link did its work on the server (an e-mail change, say) but its code cannot be
 * exchanged here, so the session already in place stays.
 */
export type AuthRedirectResult =
  | { kind: 'none' }
  | { kind: 'signed-in'; recovery: boolean }
  | { kind: 'verified' }
  | { kind: 'error'; message: string };

export interface Backend {
  readonly kind: 'web' | 'desktop';

  /** The stored session, refreshed first when it is about to expire; null when signed out. */
  getSession(): Promise<AuthSession | null>;
  /** Session changes (sign-in, refresh, update, sign-out). Returns the unsubscribe function. */
  onAuthStateChange(listener: AuthListener): () => void;
  /**
   * Finishes a sign-in that arrived by redirect at `url`: exchanges a PKCE `?code=` or takes a session
   * fragment, then removes them from the address bar. Safe to call more than once for the same URL.
   * Desktop: main exchanges codes itself; only the error of a sign-in that failed comes in the address.
   */
  completeAuthRedirect(url: string): Promise<AuthRedirectResult>;

  /** Throws AuthFailure with the provider's message. */
  signInWithPassword(email: string, password: string): Promise<AuthSession>;
  /** Two-step sign-in: the session's level, the level it owes, and the reader's TOTP factors. */
  twoStep(): Promise<TwoStep>;
  /** Starts adding an authenticator app: QR code and key; the factor counts once verifyTotp confirms it. */
  enrollTotp(): Promise<TotpEnrollment>;
  /**
   * Proves a factor with a 6-digit code or a recovery code; the session becomes aal2. The first factor's
   * proof carries the account's new recovery codes. Throws AuthFailure for a wrong code.
   */
  verifyTotp(factorId: string, code: string): Promise<FactorProof>;
  /** Removes a factor; a verified one needs a session that passed it (aal2). */
  unenrollFactor(factorId: string): Promise<void>;
  /**
   * Web: leaves the page for the provider (PKCE); the return lands on `/` with `?code=`. Desktop: opens the
   * system browser; the session arrives later as an auth event, its page by onDeepLink.
   */
  signInWithGoogle(): Promise<void>;
  /** Ends the session here; a session the server no longer knows (session_not_found) is cleared locally. */
  signOut(): Promise<void>;
  /** Sends the reset mail; its link comes back to /reset-password. */
  resetPasswordForEmail(email: string): Promise<void>;
  /**
   * Asks for a new sign-up confirmation mail. The server answers the same whether or not the address has an
   * account waiting for one; only its rate limit is refused (AuthFailure). The link comes back as sign-up's.
   */
  resendConfirmation(email: string): Promise<void>;
  /**
   * Mails a sign-in link and a six-digit code to an existing, confirmed account. The server answers the same
   * for every address (only its rate limit is refused, AuthFailure); the link comes back as a sign-in.
   */
  sendSignInLink(email: string): Promise<void>;
  /** Signs in with the code of that mail; throws AuthFailure for a wrong, used or expired code. */
  signInWithEmailCode(email: string, code: string): Promise<AuthSession>;
  /** Password, e-mail (confirmed by a mail to the new address) and metadata changes. */
  updateUser(changes: UserChanges): Promise<AuthUser>;
  /** The user as the server sees them now. Throws AuthFailure when they cannot be fetched. */
  getUser(): Promise<AuthUser>;

  /** POST /sf/{name}; throws SfError carrying the uniform error body. */
  sf<N extends EndpointName>(name: N, payload: RequestOf<N>): Promise<ResponseOf<N>>;
  /** Stores the signed-in user's avatar (overwriting the old one) and answers its public URL. */
  uploadAvatar(file: Blob): Promise<string>;

  /** The server's own address, to trust links that point at it (e-mail confirmation URLs). */
  serverUrl(): Promise<string>;
  /** In-app paths opened from outside (desktop `shelfwise://` links). The web has none: a no-op. */
  onDeepLink(listener: (path: string) => void): () => void;

  // Desktop-only hooks into the OS shell. The web build has none of them, so screens call them optionally
  // (`backend.notify?.(...)`) and behave the same either way.
  /** Tells the shell the reader's colour scheme choice, so the window chrome (nativeTheme) agrees with it. */
  setColorScheme?(scheme: ColorSchemeChoice): void;
  /** A native notification; the shell shows it only when the reader has turned notifications on. */
  notify?(notification: DesktopNotification): void;
  /** Progress of a running import on the taskbar or dock, from 0 to 1; null clears it. */
  setTaskbarProgress?(fraction: number | null): void;
  /** The desktop app's offline support: cached answers as initial data, and whether main reaches the server. */
  offline?: OfflineClient;
  /** Web only: the installed app's service worker, and whether a new version waits for a reload. */
  appUpdates?: AppUpdates;
  /** The application menu asks the page for something that is not a page to open (focus the search box). */
  onShellCommand?(listener: (command: ShellCommand) => void): () => void;
  /** Native notifications are off until the reader turns them on; main keeps the choice. */
  notificationsEnabled?(): Promise<boolean>;
  setNotificationsEnabled?(enabled: boolean): Promise<boolean>;
  /** Desktop only: false when this computer cannot keep the session or offline changes after a quit. */
  keepsSignIn?(): Promise<boolean>;
  /** Desktop only: which server the app talks to, chosen by the reader (first run, Settings → Server). */
  serverChoice?: ServerChoiceClient;
}

export interface ServerChoiceClient {
  state(): Promise<ServerChoiceState>;
  /** Checks the address and switches to it; another server signs the reader out and restarts the app. */
  choose(address: string): Promise<ServerChoiceOutcome>;
}

/** The reader's colour scheme: follow the OS, or one fixed scheme. */
export type ColorSchemeChoice = 'system' | 'light' | 'dark';

/** What may raise a native notification (issue: goals reached, imports finished). */
export interface DesktopNotification {
  kind: 'goal-reached' | 'import-finished';
  title: string;
  body: string;
  /** The in-app page a click on the notification opens. */
  path: string;
}

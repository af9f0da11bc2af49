// The one contract between the screens and whatever talks to the server (ARCHITECTURE.md "Desktop shell").
// The web build implements it with supabase-js and fetch (web.ts); the desktop app will implement it over
// its preload bridge. Screens depend on this type only, never on supabase-js or window.shelfwise.
import type { EndpointName, RequestOf, ResponseOf } from '@shared/api/endpoints';

export interface AuthUser {
  id: string;
  email: string | null;
  /** The new address of an e-mail change that still waits for its confirmation. */
  pendingEmail: string | null;
  /** Free-form user metadata (OAuth names and pictures, display name). */
  metadata: Record<string, unknown>;
}

/** What screens may know of a session: who, and until when. Tokens stay inside the implementation. */
export interface AuthSession {
  user: AuthUser;
  /** Seconds since the epoch. */
  expiresAt: number | null;
}

export type AuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

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

export interface UserChanges {
  password?: string;
  email?: string;
  data?: Record<string, unknown>;
}

export interface Backend {
  readonly kind: 'web' | 'desktop';

  /** The stored session, refreshed first when it is about to expire; null when signed out. */
  getSession(): Promise<AuthSession | null>;
  /** Session changes (sign-in, refresh, update, sign-out). Returns the unsubscribe function. */
  onAuthStateChange(listener: AuthListener): () => void;
  /**
   * Finishes a sign-in that arrived by redirect at `url`: exchanges a PKCE `?code=` or takes a session
   * fragment, then removes them from the address bar. Safe to call more than once for the same URL.
   */
  completeAuthRedirect(url: string): Promise<AuthRedirectResult>;

  /** Throws AuthFailure with the provider's message. */
  signInWithPassword(email: string, password: string): Promise<AuthSession>;
  /** Web: leaves the page for the provider (PKCE); the return lands on `/` with `?code=`. */
  signInWithGoogle(): Promise<void>;
  /** Ends the session here; a session the server no longer knows (session_not_found) is cleared locally. */
  signOut(): Promise<void>;
  /** Sends the reset mail; its link comes back to /reset-password. */
  resetPasswordForEmail(email: string): Promise<void>;
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
}

// Who is signed in, as every screen sees it (SPEC.md §4 "Auth").
import { createContext, useContext } from 'react';
import type { OwnProfile } from '@shared/api/profiles';
import type { AuthUser } from '../platform/backend';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';
/** none: signed out; missing: signed in without a profile row (being created, then the page reloads). */
export type ProfileState = 'none' | 'loading' | 'ready' | 'missing' | 'error';

export interface SessionValue {
  status: SessionStatus;
  user: AuthUser | null;
  profile: OwnProfile | null;
  profileState: ProfileState;
  isAdmin: boolean;
  /** Why an auth redirect (e-mail link, Google return) failed, when it did. */
  redirectError: string | null;
  /** Signs out here, forgets every cached answer, and goes to `to` when given. Never throws. */
  signOut(to?: string): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it.');
  return session;
}

export const profileQueryKey = (userId: string) => ['profile', userId] as const;

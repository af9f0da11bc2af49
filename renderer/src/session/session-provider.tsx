// Keeps the session and the signed-in user's profile, and applies SPEC.md §4: a user the server cannot
// produce is signed out, and a signed-in user without a profile (first Google sign-in) gets one created,
// then the page reloads after 0.5 s.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBackend } from '../platform/backend-context';
import type { AuthSession, AuthUser } from '../platform/backend';
import { stripAuthRedirect } from '../platform/auth-redirect';
import { AuthFailure, SfError, messageOf } from '../platform/errors';
import { oauthProfilePayload } from './oauth-profile';
import { SessionContext, profileQueryKey } from './session-context';
import type { ProfileState, SessionValue } from './session-context';

export const PROFILE_RELOAD_DELAY_MS = 500;

type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: AuthUser };

const stateOf = (session: AuthSession | null): AuthState =>
  session ? { status: 'signed-in', user: session.user } : { status: 'signed-out' };

/** A network failure is not the server saying no: keep the session and let supabase-js retry. */
const isUnreachable = (error: unknown) => error instanceof AuthFailure && error.status === 0;

export function SessionProvider({
  children,
  reload = () => window.location.reload(),
}: {
  children: ReactNode;
  /** How the page reloads after a profile was created (tests pass a spy). */
  reload?: () => void;
}) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [auth, setAuth] = useState<AuthState>({ status: 'loading' });
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const userId = auth.status === 'signed-in' ? auth.user.id : null;

  const signingOut = useRef(false);
  // undefined until start-up settles; then the id of the signed-in user, or null.
  const currentUserId = useRef<string | null | undefined>(undefined);
  const applySession = useCallback(
    (session: AuthSession | null) => {
      const nextId = session?.user.id ?? null;
      // Another user's (or nobody's) cached answers must not show through.
      if (currentUserId.current !== undefined && currentUserId.current !== nextId) queryClient.clear();
      currentUserId.current = nextId;
      setAuth(stateOf(session));
    },
    [queryClient],
  );

  useEffect(() => {
    let started = false;
    let active = true;
    const unsubscribe = backend.onAuthStateChange((_event, session) => {
      // Before start-up settles, the start-up sequence below has the last word; during a sign-out asked
      // for here, signOut() applies the result itself.
      if (started && active && !signingOut.current) applySession(session);
    });

    void (async () => {
      const href = window.location.href;
      const redirect = await backend
        .completeAuthRedirect(href)
        .catch((error: unknown) => ({ kind: 'error' as const, message: messageOf(error) }));
      if (!active) return;
      if (redirect.kind !== 'none') void navigate(stripAuthRedirect(href), { replace: true });
      if (redirect.kind === 'error') setRedirectError(redirect.message);

      const session = await backend.getSession().catch(() => null);
      if (!active) return;
      started = true;
      applySession(session);
      if (!session) return;
      try {
        // The server's view wins over the stored copy (an e-mail change confirmed since, for instance).
        const user = await backend.getUser();
        if (active && !signingOut.current) {
          setAuth((current) =>
            current.status === 'signed-in' && current.user.id === user.id
              ? { status: 'signed-in', user }
              : current,
          );
        }
      } catch (error) {
        if (!isUnreachable(error)) await backend.signOut().catch(() => undefined);
      }
    })();

    return () => {
      active = false;
      unsubscribe();
    };
  }, [backend, navigate, applySession]);

  const profileQuery = useQuery({
    queryKey: profileQueryKey(userId ?? ''),
    queryFn: () => backend.sf('get-profile', {}),
    enabled: userId !== null,
    staleTime: 60_000,
  });

  const missingProfile = profileQuery.error instanceof SfError && profileQuery.error.status === 404;
  const creatingFor = useRef<string | null>(null);
  useEffect(() => {
    if (!missingProfile || auth.status !== 'signed-in' || creatingFor.current === auth.user.id) return;
    creatingFor.current = auth.user.id;
    backend
      .sf('register-oauth-user', oauthProfilePayload(auth.user))
      .then(() => window.setTimeout(reload, PROFILE_RELOAD_DELAY_MS))
      .catch((error: unknown) => console.error('Could not create the profile:', error));
  }, [missingProfile, auth, backend, reload]);

  const signOut = useCallback(
    async (to?: string) => {
      signingOut.current = true;
      try {
        await backend.signOut();
      } catch (error) {
        console.error('Sign-out failed:', error);
      } finally {
        signingOut.current = false;
      }
      // One render for both, so a signed-in-only page is left rather than redirecting to its own fallback.
      startTransition(() => {
        applySession(null);
        if (to !== undefined) void navigate(to, { replace: true });
      });
    },
    [backend, applySession, navigate],
  );

  const value = useMemo<SessionValue>(() => {
    let profileState: ProfileState = 'none';
    if (auth.status === 'signed-in') {
      if (profileQuery.data) profileState = 'ready';
      else if (missingProfile) profileState = 'missing';
      else if (profileQuery.isError) profileState = 'error';
      else profileState = 'loading';
    }
    const profile = auth.status === 'signed-in' ? (profileQuery.data ?? null) : null;
    return {
      status: auth.status,
      user: auth.status === 'signed-in' ? auth.user : null,
      profile,
      profileState,
      isAdmin: profile?.is_admin === true,
      redirectError,
      signOut,
    };
  }, [auth, profileQuery.data, profileQuery.isError, missingProfile, redirectError, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

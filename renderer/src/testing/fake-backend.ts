// A Backend for component tests: a session the test sets, /sf/ answers the test gives, and every method a
// vitest spy so the test can see what the screen asked for.
import { vi } from 'vitest';
import type { EndpointName, RequestOf, ResponseOf } from '@shared/api/endpoints';
import type { OwnProfile } from '@shared/api/profiles';
import type { AuthEvent, AuthListener, AuthSession, AuthUser, Backend } from '../platform/backend';
import { SfError } from '../platform/errors';

export const TEST_USER: AuthUser = {
  id: '3f1d3f3e-5d5b-4c53-9a53-2f0d9d6e7a11',
  email: 'ada@example.test',
  pendingEmail: null,
  metadata: {},
};

export const TEST_PROFILE: OwnProfile = {
  id: TEST_USER.id,
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar_url: null,
  is_admin: false,
  updated_at: '2025-01-01T00:00:00.000Z',
};

export const sessionFor = (user: AuthUser = TEST_USER): AuthSession => ({ user, expiresAt: null });

/**
 * The test's /sf/ answers, by endpoint name: each takes that endpoint's payload and answers its response
 * (or throws an SfError), so a screen cannot pass its test against a shape the server never sends.
 */
export type SfAnswers = {
  [N in EndpointName]?: (payload: RequestOf<N>) => ResponseOf<N> | Promise<ResponseOf<N>>;
};

export interface FakeBackend extends Backend {
  /** Sends an auth event to the app, as supabase-js would. */
  emit(event: AuthEvent, session: AuthSession | null): void;
}

export function fakeBackend(
  options: { session?: AuthSession | null; sf?: SfAnswers; overrides?: Partial<Backend> } = {},
): FakeBackend {
  let session = options.session ?? null;
  const listeners = new Set<AuthListener>();
  const answers: SfAnswers = {
    'get-profile': () => {
      if (!session) throw new SfError({ status: 401, code: 'unauthorized', error: 'Sign in to do this.' });
      return { ...TEST_PROFILE, id: session.user.id };
    },
    ...options.sf,
  };
  const emit = (event: AuthEvent, next: AuthSession | null) => {
    session = next;
    for (const listener of listeners) listener(event, next);
  };

  const backend: FakeBackend = {
    kind: 'web',
    emit,
    getSession: vi.fn(async () => session),
    onAuthStateChange: vi.fn((listener: AuthListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    completeAuthRedirect: vi.fn(async () => ({ kind: 'none' as const })),
    signInWithPassword: vi.fn(async (email: string) => {
      const next = sessionFor({ ...TEST_USER, email });
      emit('SIGNED_IN', next);
      return next;
    }),
    signInWithGoogle: vi.fn(async () => undefined),
    signOut: vi.fn(async () => emit('SIGNED_OUT', null)),
    resetPasswordForEmail: vi.fn(async () => undefined),
    resendConfirmation: vi.fn(async (_email: string) => undefined),
    sendSignInLink: vi.fn(async (_email: string) => undefined),
    signInWithEmailCode: vi.fn(async (email: string, _code: string) => {
      const next = sessionFor({ ...TEST_USER, email });
      emit('SIGNED_IN', next);
      return next;
    }),
    updateUser: vi.fn(async () => session?.user ?? TEST_USER),
    // No second factor unless a test says so: the session is as far as it can go.
    twoStep: vi.fn(async () => ({ currentLevel: 'aal1' as const, nextLevel: 'aal1' as const, factors: [] })),
    enrollTotp: vi.fn(async () => ({
      factorId: 'f0000000-0000-4000-8000-000000000001',
      qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"/>',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    })),
    verifyTotp: vi.fn(async () => ({ session: session ?? sessionFor(), recoveryCodes: null })),
    unenrollFactor: vi.fn(async () => undefined),
    getUser: vi.fn(async () => {
      if (!session) throw new Error('no session');
      return session.user;
    }),
    sf: vi.fn(async <N extends EndpointName>(name: N, payload: RequestOf<N>) => {
      const answer = answers[name] as SfAnswers[N];
      if (!answer) throw new SfError({ status: 404, code: 'not_found', error: `No fake for /sf/${name}` });
      return answer(payload);
    }) as Backend['sf'],
    uploadAvatar: vi.fn(async () => 'http://localhost/storage/v1/object/public/avatars/public/x.png'),
    serverUrl: vi.fn(async () => 'http://localhost:8787'),
    onDeepLink: vi.fn(() => () => undefined),
    ...options.overrides,
  };
  return backend;
}

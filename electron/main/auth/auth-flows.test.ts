import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import { describe, expect, it, vi } from 'vitest';
import { parseDeepLink } from '@shared/deep-links';
import type { AuthCallbackParams } from '@shared/deep-links';
import { BridgeFailure } from '../bridge-failure';
import {
  EXPIRED_FLOW_MESSAGE,
  FLOW_TTL_MS,
  createAuthFlows,
  parseAuthFlow,
  withSignUpFlow,
} from './auth-flows';
import type { AuthFlow } from './auth-flows';
import { createGoogleSignIn, googleAuthorizeUrl } from './google';
import { createPendingFlows } from './pending-flows';
import { s256Challenge } from './pkce';

const SERVER = 'http://localhost:8787';

function setup() {
  let now = 1_000_000;
  const flows = createPendingFlows<AuthFlow>({ now: () => now });
  const session = {
    exchangeWithVerifier: vi.fn(async (_code: string, _verifier: string) => ({
      user: { id: 'u', email: null, pendingEmail: null, metadata: {} },
      expiresAt: null,
    })),
    exchangeCode: vi.fn(async (_code: string) => ({ recovery: true })),
  };
  const log = vi.fn();
  const auth = createAuthFlows({ session, log, flows });
  const opened: string[] = [];
  const google = createGoogleSignIn({
    serverUrl: SERVER,
    flows: auth,
    openInBrowser: async (url) => (opened.push(url), true),
    googleAvailable: async () => true,
  });
  return { auth, google, session, log, opened, advance: (ms: number) => (now += ms) };
}

/** What the server does: append the code to redirect_to, keeping the state we put there. */
function callbackFor(authorizeUrl: string, extra: Record<string, string>): AuthCallbackParams {
  const redirect = new URL(new URL(authorizeUrl).searchParams.get('redirect_to')!);
  for (const [k, v] of Object.entries(extra)) redirect.searchParams.set(k, v);
  const parsed = parseDeepLink(redirect.href, [SERVER]);
  if (!parsed.ok || parsed.link.route !== 'auth/callback')
    throw new Error(`not a callback: ${redirect.href}`);
  return parsed.link.params;
}

describe('Google sign-in', () => {
  it('opens the authorize URL with provider, our callback and an S256 challenge of the verifier it keeps', async () => {
    const { google, opened, auth, session } = setup();
    await google.start();
    const url = new URL(opened[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${SERVER}/auth/v1/authorize`);
    expect(url.searchParams.get('provider')).toBe('google');
    expect(url.searchParams.get('code_challenge_method')).toBe('s256');
    expect(url.searchParams.get('redirect_to')).toMatch(
      /^shelfwise:\/\/auth\/callback\?state=[A-Za-z0-9_-]{43}$/,
    );

    const delivery = await auth.complete(callbackFor(opened[0]!, { code: 'the-code' }));
    expect(delivery).toEqual({ kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' });
    const [code, verifier] = session.exchangeWithVerifier.mock.calls[0]!;
    expect(code).toBe('the-code');
    expect(s256Challenge(verifier)).toBe(url.searchParams.get('code_challenge'));
  });

  it('gives every sign-in its own state and verifier', async () => {
    const { google, opened } = setup();
    await google.start();
    await google.start();
    const [a, b] = opened.map((u) => new URL(u).searchParams);
    expect(a!.get('redirect_to')).not.toBe(b!.get('redirect_to'));
    expect(a!.get('code_challenge')).not.toBe(b!.get('code_challenge'));
  });

  it('refuses a replayed callback: the state works once', async () => {
    const { google, opened, auth, session, log } = setup();
    await google.start();
    const params = callbackFor(opened[0]!, { code: 'c' });
    expect((await auth.complete(params))?.outcome.kind).toBe('signed-in');
    expect(await auth.complete(params)).toBeNull();
    expect(session.exchangeWithVerifier).toHaveBeenCalledTimes(1);
    expect(log.mock.calls.flat().join()).toContain('did not issue');
  });

  it('refuses a callback after the flow timed out, telling the user to try again', async () => {
    const { google, opened, auth, session, advance } = setup();
    await google.start();
    advance(FLOW_TTL_MS.google);
    expect(await auth.complete(callbackFor(opened[0]!, { code: 'c' }))).toEqual({
      kind: 'auth',
      outcome: { kind: 'error', message: EXPIRED_FLOW_MESSAGE },
      path: '/login',
    });
    expect(session.exchangeWithVerifier).not.toHaveBeenCalled();
  });

  it('ignores a callback with a state it never issued, exchanging nothing', async () => {
    const { google, auth, session } = setup();
    await google.start();
    expect(await auth.complete({ code: 'attacker-code', state: 'A'.repeat(43) })).toBeNull();
    expect(session.exchangeWithVerifier).not.toHaveBeenCalled();
    expect(session.exchangeCode).not.toHaveBeenCalled();
  });

  it('shows the provider’s message when the server reports a failed sign-in, and spends the state', async () => {
    const { google, opened, auth } = setup();
    await google.start();
    const params = callbackFor(opened[0]!, {
      error: 'access_denied',
      error_description: 'The user cancelled.',
    });
    expect(await auth.complete(params)).toEqual({
      kind: 'auth',
      outcome: { kind: 'error', message: 'The user cancelled.' },
      path: '/login',
    });
    expect(await auth.complete(callbackFor(opened[0]!, { code: 'late' }))).toBeNull();
  });

  it('reports a failed exchange with the auth server’s message', async () => {
    const { google, opened, auth, session } = setup();
    session.exchangeWithVerifier.mockRejectedValueOnce(
      new BridgeFailure({
        kind: 'auth',
        message: 'invalid flow state',
        code: 'flow_state_not_found',
        status: 404,
      }),
    );
    await google.start();
    expect(await auth.complete(callbackFor(opened[0]!, { code: 'c' }))).toEqual({
      kind: 'auth',
      outcome: { kind: 'error', message: 'invalid flow state' },
      path: '/login',
    });
  });

  it('fails loudly when the browser cannot be opened', async () => {
    const { auth } = setup();
    const google = createGoogleSignIn({
      serverUrl: SERVER,
      flows: auth,
      openInBrowser: async () => false,
      googleAvailable: async () => null,
    });
    await expect(google.start()).rejects.toThrow('could not be opened');
  });

  it('keeps the reader in the app with a plain message when the server has no Google', async () => {
    const { auth } = setup();
    const opened: string[] = [];
    const google = createGoogleSignIn({
      serverUrl: SERVER,
      flows: auth,
      openInBrowser: async (url) => (opened.push(url), true),
      googleAvailable: async () => false,
    });
    await expect(google.start()).rejects.toThrow(GOOGLE_UNAVAILABLE_MESSAGE);
    expect(opened).toEqual([]);
  });

  it('builds the authorize URL with every parameter encoded', () => {
    const url = googleAuthorizeUrl(SERVER, {
      redirectTo: 'shelfwise://auth/callback?state=a&b',
      challenge: 'x',
    });
    expect(new URL(url).searchParams.get('redirect_to')).toBe('shelfwise://auth/callback?state=a&b');
  });
});

describe('e-mail flows', () => {
  it('exchanges a reset link’s code through supabase-js and lands on /reset-password', async () => {
    const { auth, session } = setup();
    const { redirectTo } = auth.startClientPkce('reset');
    const params = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(redirectTo)}`, {
      code: 'mail-code',
    });
    expect(await auth.complete(params)).toEqual({
      kind: 'auth',
      outcome: { kind: 'signed-in', recovery: true },
      path: '/reset-password',
    });
    expect(session.exchangeCode).toHaveBeenCalledWith('mail-code');
  });

  it('signs in from a sign-in link’s code and lands on /, or back on /login with the server’s message', async () => {
    const { auth, session } = setup();
    session.exchangeCode.mockResolvedValueOnce({ recovery: false }); // a sign-in link is no reset link
    const first = auth.startClientPkce('sign-in-link');
    const params = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(first.redirectTo)}`, {
      code: 'link-code',
    });
    expect(await auth.complete(params)).toEqual({
      kind: 'auth',
      outcome: { kind: 'signed-in', recovery: false },
      path: '/',
    });
    expect(session.exchangeCode).toHaveBeenCalledWith('link-code');

    const second = auth.startClientPkce('sign-in-link');
    const failed = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(second.redirectTo)}`, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    expect(await auth.complete(failed)).toEqual({
      kind: 'auth',
      outcome: { kind: 'error', message: 'Email link is invalid or has expired' },
      path: '/login',
    });
    expect(FLOW_TTL_MS['sign-in-link']).toBe(60 * 60_000);
  });

  it('reads a stored sign-in link flow back, and nothing that only looks like one', () => {
    expect(parseAuthFlow({ kind: 'client-pkce', purpose: 'sign-in-link' })).toEqual({
      kind: 'client-pkce',
      purpose: 'sign-in-link',
    });
    expect(parseAuthFlow({ kind: 'own-pkce', purpose: 'sign-in-link', verifier: 'v' })).toBeNull();
    expect(parseAuthFlow({ kind: 'client-pkce', purpose: 'google' })).toBeNull();
  });

  it('keeps mail flows for an hour, as long as the server keeps their links', async () => {
    const { auth, advance } = setup();
    const { redirectTo } = auth.startOwnPkce('sign-up');
    advance(FLOW_TTL_MS['sign-up'] - 1);
    const params = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(redirectTo)}`, { code: 'c' });
    expect((await auth.complete(params))?.outcome).toEqual({ kind: 'signed-in', recovery: false });
  });

  it('shows the server’s message for an expired mail link on the page the flow belongs to', async () => {
    const { auth } = setup();
    const { redirectTo } = auth.startClientPkce('email-change');
    const params = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(redirectTo)}`, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    expect(await auth.complete(params)).toEqual({
      kind: 'auth',
      outcome: { kind: 'error', message: 'Email link is invalid or has expired' },
      path: '/settings',
    });
  });
});

describe('withSignUpFlow', () => {
  it('replaces the renderer’s redirect and challenge with a flow of main’s own', async () => {
    const { auth, session } = setup();
    const payload = withSignUpFlow(auth, {
      email: 'ada@example.org',
      redirect_to: 'https://evil.example/',
      code_challenge: 'attacker-challenge',
    }) as Record<string, string>;
    expect(payload.email).toBe('ada@example.org');
    expect(payload.redirect_to).toMatch(/^shelfwise:\/\/auth\/callback\?state=/);
    expect(payload.code_challenge).not.toBe('attacker-challenge');
    expect(payload.code_challenge_method).toBe('s256');

    // The confirmation comes back with a code that main exchanges with the matching verifier.
    const params = callbackFor(`${SERVER}/x?redirect_to=${encodeURIComponent(payload.redirect_to!)}`, {
      code: 'c',
    });
    expect((await auth.complete(params))?.path).toBe('/');
    expect(s256Challenge(session.exchangeWithVerifier.mock.calls[0]![1])).toBe(payload.code_challenge);
  });

  it('leaves payloads that are not objects for the schema to refuse', () => {
    const { auth } = setup();
    expect(withSignUpFlow(auth, null)).toBeNull();
    expect(withSignUpFlow(auth, ['x'])).toEqual(['x']);
  });
});

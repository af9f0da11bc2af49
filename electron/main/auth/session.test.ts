import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeAuthEvent, BridgeSession } from '@shared/desktop-bridge';
import { BridgeFailure } from '../bridge-failure';
import { s256Challenge } from './pkce';
import { AUTH_STORAGE_KEY } from '@shared/auth-session';
import { createDesktopSession } from './session';
import type { DesktopSession } from './session';
import { FAKE_ANON_KEY, FAKE_SERVER, createFakeAuthServer } from './testing/fake-auth-server';
import { memoryVault } from './testing/memory-vault';
import type { TokenVault } from './token-vault';

const sessions: DesktopSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
});

async function setup(vault?: TokenVault) {
  const server = createFakeAuthServer();
  const v = vault ?? (await memoryVault());
  const logs: string[] = [];
  const make = () => {
    const s = createDesktopSession({
      serverUrl: FAKE_SERVER,
      vault: v,
      fetch: server.fetch,
      log: (m) => logs.push(m),
      autoRefresh: false,
    });
    sessions.push(s);
    return s;
  };
  const session = make();
  const events: { event: BridgeAuthEvent; session: BridgeSession | null }[] = [];
  session.onChange((event, s) => events.push({ event, session: s }));
  const user = server.addUser('ada@example.org', 'Correct-horse-1!');
  return { server, vault: v, session, events, user, logs, make };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeFailure) return error.error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('createDesktopSession', () => {
  it('signs in with a password, keeps the tokens in the vault and shows the renderer none of them', async () => {
    const { session, vault, events, user } = await setup();
    const signedIn = await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');

    expect(signedIn).toEqual({
      user: { id: user.id, email: 'ada@example.org', pendingEmail: null, metadata: { first_name: 'Ada' } },
      expiresAt: expect.any(Number),
    });
    const stored = JSON.parse((await vault.getItem(AUTH_STORAGE_KEY))!);
    expect(stored.refresh_token).toMatch(/^refresh-/);
    const visible = JSON.stringify([signedIn, events, await session.getSession()]);
    expect(visible).not.toContain(stored.refresh_token);
    expect(visible).not.toContain(stored.access_token);
    expect(events.map((e) => e.event)).toContain('SIGNED_IN');
  });

  it('reports the auth server’s message and code for a wrong password', async () => {
    const { session } = await setup();
    expect(await failure(session.signInWithPassword('ada@example.org', 'wrong'))).toEqual({
      kind: 'auth',
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });
  });

  it('finds the session again in the vault on the next start', async () => {
    const { session, vault, server, user } = await setup();
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    const next = createDesktopSession({
      serverUrl: FAKE_SERVER,
      vault,
      fetch: server.fetch,
      log: () => undefined,
      autoRefresh: false,
    });
    sessions.push(next);
    expect((await next.getSession())?.user.id).toBe(user.id);
  });

  it('signs out: the vault forgets the session and the renderer hears SIGNED_OUT', async () => {
    const { session, vault, events } = await setup();
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    await session.signOut();
    expect(await vault.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(await session.getSession()).toBeNull();
    expect(events.at(-1)).toEqual({ event: 'SIGNED_OUT', session: null });
  });

  it('clears the local session even when the server no longer knows it or cannot be reached', async () => {
    for (const breakServer of [(s: any) => s.revokeAll(), (s: any) => s.setReachable(false)]) {
      const { session, vault, server } = await setup();
      await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
      breakServer(server);
      await session.signOut();
      expect(await vault.getItem(AUTH_STORAGE_KEY)).toBeNull();
      server.setReachable(true);
      expect(await session.getSession()).toBeNull();
    }
  });

  it('exchanges a code with main’s own verifier (Google) and refuses the wrong verifier', async () => {
    const { session, server, user, vault, events } = await setup();
    const verifier = 'v'.repeat(43);
    const code = server.issueCode(user.id, s256Challenge(verifier));

    expect(await failure(session.exchangeWithVerifier(code, 'w'.repeat(43)))).toMatchObject({
      kind: 'auth',
      code: 'flow_state_not_found',
      status: 404,
    });
    expect(await vault.getItem(AUTH_STORAGE_KEY)).toBeNull();

    const signedIn = await session.exchangeWithVerifier(code, verifier);
    expect(signedIn.user.id).toBe(user.id);
    expect(events.map((e) => e.event)).toContain('SIGNED_IN');
    const exchange = server.calls.find((c) => c.query.grant_type === 'pkce');
    expect(exchange?.headers.apikey).toBe(FAKE_ANON_KEY);

    // The same code again: spent.
    expect((await failure(session.exchangeWithVerifier(code, verifier))).kind).toBe('auth');
  });

  it('sends the reset mail as a PKCE flow and exchanges its code as a recovery', async () => {
    const { session, server, user, events } = await setup();
    await session.resetPasswordForEmail('ada@example.org', 'shelfwise://auth/callback?state=s');
    const recover = server.calls.find((c) => c.path === '/auth/v1/recover')!;
    expect(recover.query.redirect_to).toBe('shelfwise://auth/callback?state=s');
    const challenge = (recover.body as { code_challenge: string }).code_challenge;
    expect(challenge).toBeTruthy();

    const code = server.issueCode(user.id, challenge, true);
    expect(await session.exchangeCode(code)).toEqual({ recovery: true });
    expect(events.map((e) => e.event)).toContain('PASSWORD_RECOVERY');
  });

  it('asks for a new sign-up link with main’s own challenge and the desktop callback', async () => {
    const { session, server } = await setup();
    const flow = { redirectTo: 'shelfwise://auth/callback?state=s', challenge: 'c'.repeat(43) };
    await session.resendSignUp('ada@example.org', flow);
    const resend = server.calls.find((c) => c.path === '/auth/v1/resend')!;
    expect(resend.query.redirect_to).toBe(flow.redirectTo);
    expect(resend.headers.apikey).toBe(FAKE_ANON_KEY);
    expect(resend.body).toEqual({
      type: 'signup',
      email: 'ada@example.org',
      code_challenge: flow.challenge,
      code_challenge_method: 's256',
    });
    server.limitResends(true);
    expect(await failure(session.resendSignUp('ada@example.org', flow))).toMatchObject({
      kind: 'auth',
      message: 'Request rate limit reached',
      code: 'over_request_rate_limit',
      status: 429,
    });
  });

  it('reads whether the server has Google from /auth/v1/settings', async () => {
    const { session, server } = await setup();
    expect(await session.googleAvailable()).toBe(true);
    server.setGoogle(false);
    expect(await session.googleAvailable()).toBe(false);
  });

  it('updates the user with the desktop redirect for e-mail changes', async () => {
    const { session, server } = await setup();
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    const user = await session.updateUser({ email: 'new@example.org' }, 'shelfwise://auth/callback?state=s');
    expect(user.pendingEmail).toBe('new@example.org');
    expect(server.calls.find((c) => c.method === 'PUT')?.query.redirect_to).toBe(
      'shelfwise://auth/callback?state=s',
    );
  });

  it('answers the anon key as bearer when signed out and the access token when signed in', async () => {
    const { session, vault, user } = await setup();
    expect(await session.bearer()).toEqual({ token: FAKE_ANON_KEY, userId: null });
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    const stored = JSON.parse((await vault.getItem(AUTH_STORAGE_KEY))!);
    expect(await session.bearer()).toEqual({ token: stored.access_token, userId: user.id });
  });

  it('uploads the avatar to public/{userId}.png with upsert, and only with a session', async () => {
    const { session, server, user } = await setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(await failure(session.uploadAvatar(png, 'image/png'))).toEqual({
      kind: 'auth',
      message: 'Unable to get user session',
      code: 'session_missing',
      status: 401,
    });
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    const url = await session.uploadAvatar(png, 'image/png');
    expect(url).toBe(`${FAKE_SERVER}/storage/v1/object/public/avatars/public/${user.id}.png`);
    expect(server.uploads).toEqual([
      { path: `public/${user.id}.png`, contentType: 'image/png', upsert: 'true', bytes: 7 },
    ]);
  });

  it('reports an unreachable server, then connects once it is up', async () => {
    const { session, server } = await setup();
    server.setReachable(false);
    expect(await failure(session.getSession())).toMatchObject({ kind: 'auth', status: 0 });
    server.setReachable(true);
    expect(await session.getSession()).toBeNull();
    expect((await session.clientConfig()).anonKey).toBe(FAKE_ANON_KEY);
  });

  it('starts without a connection from the session and configuration it kept, and signs out locally', async () => {
    const { session, vault, server, make, logs } = await setup();
    await session.signInWithPassword('ada@example.org', 'Correct-horse-1!');
    await session.stop();
    server.setReachable(false);
    // A later launch, with the server unreachable from the start.
    const offline = make();
    expect((await offline.clientConfig()).anonKey).toBe(FAKE_ANON_KEY);
    expect((await offline.getSession())?.user.email).toBe('ada@example.org');
    expect(logs.join('\n')).toMatch(/could not be reached: using its last client configuration/);
    await offline.signOut();
    expect(await vault.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(await offline.getSession()).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { MAX_AVATAR_BYTES } from '@shared/avatar';
import { INVOKE_METHODS } from '../../preload/channels';
import { createHandlerMap } from './handler-map';
import { registerInvokeHandlers } from './register';
import type { InvokeEvent } from './register';

const USER = '11111111-1111-4111-8111-111111111111';
const ours = { senderFrame: { url: 'app://shelfwise/settings', parent: null } };
const session = {
  user: { id: USER, email: 'ada@example.org', pendingEmail: null, metadata: {} },
  expiresAt: 1,
};

function setup() {
  const fakeSession = {
    getSession: vi.fn(async () => session),
    getUser: vi.fn(async () => session.user),
    signInWithPassword: vi.fn(async () => session),
    signOut: vi.fn(async () => undefined),
    resetPasswordForEmail: vi.fn(async () => undefined),
    resendSignUp: vi.fn(async () => undefined),
    sendSignInLink: vi.fn(async () => undefined),
    signInWithEmailCode: vi.fn(async () => session),
    updateUser: vi.fn(async () => session.user),
    uploadAvatar: vi.fn(async () => 'http://localhost:8787/storage/v1/object/public/avatars/public/x.png'),
  };
  const flows = {
    startClientPkce: vi.fn((purpose: string) => ({
      redirectTo: `shelfwise://auth/callback?state=${purpose}`,
    })),
    startOwnPkce: vi.fn((purpose: string) => ({
      redirectTo: `shelfwise://auth/callback?state=${purpose}`,
      challenge: `challenge-${purpose}`,
    })),
  };
  const google = { start: vi.fn(async () => undefined) };
  const proxy = { call: vi.fn(async () => ({ ok: true })) };
  let userId: string | null = USER;
  const cache = {
    read: vi.fn(() => ({
      name: 'list-shelves' as const,
      payload: {},
      savedAt: '2026-01-01T00:00:00.000Z',
      value: [{ id: 'cached' }],
    })),
  };
  const offlineState = { online: false, pending: 2, refused: [] };
  const sync = {
    state: vi.fn(() => offlineState),
    retry: vi.fn(async () => offlineState),
    dismiss: vi.fn(() => offlineState),
  };
  const shell = {
    preferences: vi.fn(() => ({ notifications: false })),
    setNotifications: vi.fn((notifications: boolean) => ({ notifications })),
    setColorScheme: vi.fn(),
    notify: vi.fn(),
    setTaskbarProgress: vi.fn(),
    goalsAnswered: vi.fn(),
  };
  const outbox = { takePending: vi.fn(() => [{ kind: 'open' as const, path: '/confirm-signup' }]) };
  const publicServerUrl = vi.fn(async () => 'http://localhost:8787');
  const serverChooser = {
    state: vi.fn(() => ({
      serverUrl: 'http://127.0.0.1:8787',
      defaultServerUrl: 'https://books.example.org',
      chosen: false,
      fixedByEnvironment: false,
    })),
    choose: vi.fn(async (address: string) => ({ ok: false as const, message: `no ${address}` })),
  };
  const map = createHandlerMap({
    auth: { session: fakeSession as never, flows, google },
    sf: { proxy, currentUserId: async () => userId, cache },
    outbox,
    app: {
      version: '0.1.0',
      platform: 'linux',
      configuredServerUrl: 'http://127.0.0.1:8787',
      publicServerUrl,
      serverChooser,
      keepsSignIn: true,
    },
    offline: { sync, snapshot: async () => [] },
    shell,
  });
  const listeners = new Map<string, (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  registerInvokeHandlers({ handle: (c, l) => void listeners.set(c, l) }, map, {
    appOrigin: 'app://shelfwise',
    log: () => undefined,
  });
  const invoke = (channel: string, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`no channel ${channel}`);
    return listener(ours, ...args) as Promise<{ ok: boolean; value?: unknown; error?: { kind: string } }>;
  };
  return {
    map,
    invoke,
    fakeSession,
    flows,
    google,
    proxy,
    cache,
    outbox,
    sync,
    shell,
    publicServerUrl,
    signOut: () => (userId = null),
  };
}

describe('createHandlerMap', () => {
  it('has exactly the channels the preload exposes', () => {
    const { map } = setup();
    const fromMap = Object.fromEntries(
      Object.entries(map).map(([ns, handlers]) => [ns, Object.keys(handlers).sort()]),
    );
    const fromPreload = Object.fromEntries(
      Object.entries(INVOKE_METHODS).map(([ns, methods]) => [ns, [...methods].sort()]),
    );
    expect(fromMap).toEqual(fromPreload);
  });

  it('auth: signs in, out and with Google, and refuses malformed arguments', async () => {
    const { invoke, fakeSession, google } = setup();
    expect(await invoke('auth:signInWithPassword', 'ada@example.org', 'pw')).toEqual({
      ok: true,
      value: session,
    });
    expect(fakeSession.signInWithPassword).toHaveBeenCalledWith('ada@example.org', 'pw');
    expect(await invoke('auth:signInWithGoogle')).toEqual({ ok: true, value: null });
    expect(google.start).toHaveBeenCalled();
    expect(await invoke('auth:signOut')).toEqual({ ok: true, value: null });

    for (const args of [[123, 'pw'], ['a@b.c'], ['a@b.c', { password: 'x' }], ['x'.repeat(400), 'pw']])
      expect((await invoke('auth:signInWithPassword', ...args)).error?.kind).toBe('invalid');
    expect(fakeSession.signInWithPassword).toHaveBeenCalledTimes(1);
  });

  it('auth: sends sign-in links with a shelfwise:// redirect of their own flow, and signs in with their code', async () => {
    const { invoke, fakeSession, flows } = setup();
    expect(await invoke('auth:sendSignInLink', 'ada@example.org')).toEqual({ ok: true, value: null });
    expect(fakeSession.sendSignInLink).toHaveBeenCalledWith(
      'ada@example.org',
      'shelfwise://auth/callback?state=sign-in-link',
    );
    expect(flows.startClientPkce.mock.calls).toEqual([['sign-in-link']]);
    expect(await invoke('auth:signInWithEmailCode', 'ada@example.org', '042917')).toEqual({
      ok: true,
      value: session,
    });
    expect(fakeSession.signInWithEmailCode).toHaveBeenCalledWith('ada@example.org', '042917');
    for (const args of [[42], ['ada@example.org', 42], ['ada@example.org', 'x'.repeat(40)]]) {
      const channel = args.length === 1 ? 'auth:sendSignInLink' : 'auth:signInWithEmailCode';
      expect((await invoke(channel, ...args)).error?.kind).toBe('invalid');
    }
    expect(fakeSession.signInWithEmailCode).toHaveBeenCalledTimes(1);
  });

  it('auth: sends reset mails and e-mail changes with a shelfwise:// redirect of their own flow', async () => {
    const { invoke, fakeSession, flows } = setup();
    await invoke('auth:resetPasswordForEmail', 'ada@example.org');
    expect(fakeSession.resetPasswordForEmail).toHaveBeenCalledWith(
      'ada@example.org',
      'shelfwise://auth/callback?state=reset',
    );

    await invoke('auth:resendConfirmation', 'ada@example.org');
    expect(fakeSession.resendSignUp).toHaveBeenCalledWith('ada@example.org', {
      redirectTo: 'shelfwise://auth/callback?state=sign-up',
      challenge: 'challenge-sign-up',
    });
    expect((await invoke('auth:resendConfirmation', 42)).error?.kind).toBe('invalid');

    await invoke('auth:updateUser', { data: { first_name: 'Ada' } });
    expect(fakeSession.updateUser).toHaveBeenLastCalledWith({ data: { first_name: 'Ada' } }, undefined);
    await invoke('auth:updateUser', { email: 'new@example.org' });
    expect(fakeSession.updateUser).toHaveBeenLastCalledWith(
      { email: 'new@example.org' },
      'shelfwise://auth/callback?state=email-change',
    );
    expect(flows.startClientPkce.mock.calls).toEqual([['reset'], ['email-change']]);
    // The current password travels with a sensitive change when the server asks for proof of presence.
    await invoke('auth:updateUser', { password: 'N3w!password', current_password: 'Str0ng!pass' });
    expect(fakeSession.updateUser).toHaveBeenLastCalledWith(
      { password: 'N3w!password', current_password: 'Str0ng!pass' },
      undefined,
    );
  });

  it('auth: refuses user changes outside the contract (no app_metadata, no giant metadata)', async () => {
    const { invoke, fakeSession } = setup();
    for (const changes of [
      { app_metadata: { is_admin: true } },
      { email: 42 },
      { password: 'N3w!password', current_password: 42 },
      { data: { blob: 'x'.repeat(70 * 1024) } },
      'password',
      null,
    ])
      expect((await invoke('auth:updateUser', changes)).error?.kind).toBe('invalid');
    expect(fakeSession.updateUser).not.toHaveBeenCalled();
  });

  it('sf: proxies known endpoints and refuses unknown ones before the proxy', async () => {
    const { invoke, proxy } = setup();
    expect(await invoke('sf:call', 'list-shelves', {})).toEqual({ ok: true, value: { ok: true } });
    expect(await invoke('sf:call', 'list-shelves')).toEqual({ ok: true, value: { ok: true } });
    for (const name of ['../auth/v1/admin/users', 'toString', 42])
      expect((await invoke('sf:call', name, {})).error?.kind).toBe('invalid');
    expect(proxy.call).toHaveBeenCalledTimes(2);
  });

  it('sf: answers the signed-in user’s cached answers, and nothing when signed out', async () => {
    const { invoke, cache, signOut } = setup();
    expect(await invoke('sf:cached', 'list-shelves')).toEqual({ ok: true, value: [{ id: 'cached' }] });
    expect(cache.read).toHaveBeenCalledWith(USER, 'list-shelves', undefined);
    expect((await invoke('sf:cached', 'work-details')).error?.kind).toBe('invalid');
    signOut();
    expect(await invoke('sf:cached', 'list-shelves')).toEqual({ ok: true, value: null });
  });

  it('storage: uploads images within the server’s limits only', async () => {
    const { invoke, fakeSession } = setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    expect((await invoke('storage:uploadAvatar', png, 'image/png')).ok).toBe(true);
    for (const args of [
      [png, 'image/svg+xml'],
      [png, 'text/html'],
      ['iVBORw0KGgo=', 'image/png'],
      [[0x89, 0x50], 'image/png'],
      [new Uint8Array(0), 'image/png'],
      [new Uint8Array(MAX_AVATAR_BYTES + 1), 'image/jpeg'],
    ])
      expect((await invoke('storage:uploadAvatar', ...args)).error?.kind).toBe('invalid');
    expect(fakeSession.uploadAvatar).toHaveBeenCalledTimes(1);
  });

  it('offline: state, retry and dismiss; a refusal id must be a short string', async () => {
    const { invoke, sync } = setup();
    expect(await invoke('offline:state')).toEqual({
      ok: true,
      value: { online: false, pending: 2, refused: [] },
    });
    expect((await invoke('offline:retry')).ok).toBe(true);
    expect((await invoke('offline:dismiss', 'a-refusal')).ok).toBe(true);
    expect(sync.dismiss).toHaveBeenCalledWith('a-refusal');
    expect((await invoke('offline:dismiss', 'x'.repeat(101))).error?.kind).toBe('invalid');
    expect(await invoke('offline:snapshot')).toEqual({ ok: true, value: [] });
  });

  it('desktop: preferences, theme, notifications and progress, refusing what the contract does not allow', async () => {
    const { invoke, shell } = setup();
    expect(await invoke('desktop:setNotifications', true)).toEqual({
      ok: true,
      value: { notifications: true },
    });
    expect((await invoke('desktop:setNotifications', 'yes')).error?.kind).toBe('invalid');
    expect((await invoke('desktop:setColorScheme', 'dark')).ok).toBe(true);
    expect((await invoke('desktop:setColorScheme', 'sepia')).error?.kind).toBe('invalid');
    expect(shell.setColorScheme).toHaveBeenCalledExactlyOnceWith('dark');
    const notice = { kind: 'import-finished', title: 'Import finished', body: '12 books', path: '/import' };
    expect((await invoke('desktop:notify', notice)).ok).toBe(true);
    for (const path of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', '/\\evil'])
      expect((await invoke('desktop:notify', { ...notice, path })).error?.kind).toBe('invalid');
    expect(shell.notify).toHaveBeenCalledTimes(1);
    expect((await invoke('desktop:setTaskbarProgress', 0.5)).ok).toBe(true);
    expect((await invoke('desktop:setTaskbarProgress', null)).ok).toBe(true);
    expect((await invoke('desktop:setTaskbarProgress', 2)).error?.kind).toBe('invalid');
    expect(shell.setTaskbarProgress.mock.calls).toEqual([[0.5], [null]]);
  });

  it('deepLinks and app: hand over pending links and describe the app', async () => {
    const { invoke, publicServerUrl } = setup();
    expect(await invoke('deepLinks:takePending')).toEqual({
      ok: true,
      value: [{ kind: 'open', path: '/confirm-signup' }],
    });
    expect(await invoke('app:info')).toEqual({
      ok: true,
      value: {
        name: 'Shelfwise',
        version: '0.1.0',
        platform: 'linux',
        serverUrl: 'http://localhost:8787',
        keepsSignIn: true,
      },
    });
    publicServerUrl.mockRejectedValueOnce(new Error('down'));
    expect(await invoke('app:info')).toMatchObject({ value: { serverUrl: 'http://127.0.0.1:8787' } });
  });

  it('app: answers the server choice and checks the address it is given', async () => {
    const { invoke } = setup();
    expect(await invoke('app:server')).toMatchObject({ ok: true, value: { chosen: false } });
    expect(await invoke('app:chooseServer', 'books.example.org')).toEqual({
      ok: true,
      value: { ok: false, message: 'no books.example.org' },
    });
    expect((await invoke('app:chooseServer', 42)).error?.kind).toBe('invalid');
    expect((await invoke('app:chooseServer', 'x'.repeat(3000))).error?.kind).toBe('invalid');
  });
});

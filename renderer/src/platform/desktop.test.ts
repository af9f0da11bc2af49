import { describe, expect, it, vi } from 'vitest';
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, MAX_AVATAR_BYTES } from '@shared/avatar';
import type { BridgeError, BridgeResult } from '@shared/desktop-bridge';
import { MISSING_BRIDGE_MESSAGE, createBackend } from './create-backend';
import { createDesktopBackend, failedSignInPath } from './desktop';
import { AuthFailure, SfError } from './errors';
import { BRIDGE_SERVER, BRIDGE_SESSION, BRIDGE_USER, fakeBridge, ok } from '../testing/fake-bridge';

const failed = (error: BridgeError): BridgeResult<never> => ({ ok: false, error });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function setup(options: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge(options);
  const openPage = vi.fn();
  return { ...fake, openPage, backend: createDesktopBackend(fake.bridge, { openPage }) };
}

describe('createBackend', () => {
  it('runs on the desktop bridge when the preload put one on the page, else on the web', () => {
    expect(createBackend({ shelfwise: fakeBridge().bridge }).kind).toBe('desktop');
    expect(createBackend({}).kind).toBe('web');
  });

  it('stops loudly inside Electron when the preload put no bridge on the page, instead of running the web', () => {
    const electron =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Electron/33.2.0 Safari/537.36';
    expect(() => createBackend({ navigator: { userAgent: electron } })).toThrow(MISSING_BRIDGE_MESSAGE);
    expect(() => createBackend({ location: { protocol: 'app:' } })).toThrow(MISSING_BRIDGE_MESSAGE);
    const withBridge = { shelfwise: fakeBridge().bridge, navigator: { userAgent: electron } };
    expect(createBackend(withBridge).kind).toBe('desktop');
  });
});

describe('the desktop Backend: auth', () => {
  it('answers the session and user main hands over', async () => {
    const { backend, spies } = setup({ session: BRIDGE_SESSION });
    expect(await backend.getSession()).toEqual(BRIDGE_SESSION);
    expect(await backend.getUser()).toEqual(BRIDGE_USER);
    expect(await backend.signInWithPassword('ada@example.test', 'pw')).toEqual(BRIDGE_SESSION);
    expect(spies.auth.signInWithPassword).toHaveBeenCalledWith('ada@example.test', 'pw');
    await backend.updateUser({ data: { first_name: 'Augusta' } });
    expect(spies.auth.updateUser).toHaveBeenCalledWith({ data: { first_name: 'Augusta' } });
    await backend.resetPasswordForEmail('ada@example.test');
    expect(spies.auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.test');
    await backend.sendSignInLink('ada@example.test');
    expect(spies.auth.sendSignInLink).toHaveBeenCalledWith('ada@example.test');
    expect(await backend.signInWithEmailCode('ada@example.test', '042917')).toEqual(BRIDGE_SESSION);
    expect(spies.auth.signInWithEmailCode).toHaveBeenCalledWith('ada@example.test', '042917');
    await backend.signOut();
    expect(spies.auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('fails with AuthFailure carrying the server’s message, code and status', async () => {
    const { backend, spies } = setup();
    spies.auth.signInWithPassword.mockResolvedValueOnce(
      failed({
        kind: 'auth',
        message: 'Invalid login credentials',
        code: 'invalid_credentials',
        status: 400,
      }),
    );
    const error = await rejection(backend.signInWithPassword('ada@example.test', 'wrong'));
    expect(error).toBeInstanceOf(AuthFailure);
    expect(error).toMatchObject({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });

    // Unreachable stays status 0, so the session provider keeps the session instead of signing out.
    spies.auth.getUser.mockResolvedValueOnce(
      failed({ kind: 'auth', message: 'The server could not be reached.', code: null, status: 0 }),
    );
    expect(await rejection(backend.getUser())).toMatchObject({ status: 0 });

    spies.auth.updateUser.mockResolvedValueOnce(
      failed({ kind: 'invalid', message: 'metadata is at most 64 KB' }),
    );
    expect(await rejection(backend.updateUser({ data: {} }))).toMatchObject({
      message: 'metadata is at most 64 KB',
      status: 400,
    });

    // Proof of presence: the server's code comes through, and the current password goes to main.
    spies.auth.updateUser.mockResolvedValueOnce(
      failed({ kind: 'auth', message: 'Confirm it is you.', code: 'reauthentication_needed', status: 400 }),
    );
    expect(await rejection(backend.updateUser({ password: 'N3w!password' }))).toMatchObject({
      code: 'reauthentication_needed',
      status: 400,
    });
    await backend.updateUser({ password: 'N3w!password', current_password: 'Str0ng!pass' });
    expect(spies.auth.updateUser).toHaveBeenLastCalledWith({
      password: 'N3w!password',
      current_password: 'Str0ng!pass',
    });
  });

  it('passes session events through as they come from main', () => {
    const { backend, emitState } = setup();
    const listener = vi.fn();
    const off = backend.onAuthStateChange(listener);
    emitState('SIGNED_IN', BRIDGE_SESSION);
    expect(listener).toHaveBeenCalledWith('SIGNED_IN', BRIDGE_SESSION);
    off();
    emitState('SIGNED_OUT', null);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('starts Google sign-in in main and reports when the browser could not be opened', async () => {
    const { backend, spies } = setup();
    await backend.signInWithGoogle();
    expect(spies.auth.signInWithGoogle).toHaveBeenCalledTimes(1);
    spies.auth.signInWithGoogle.mockResolvedValueOnce(
      failed({ kind: 'internal', message: 'Something went wrong in the app. Please try again.' }),
    );
    expect(await rejection(backend.signInWithGoogle())).toMatchObject({
      message: 'Something went wrong in the app. Please try again.',
    });
  });

  it('finishes only the failures the page address carries; codes and tokens belong to main', async () => {
    const { backend } = setup();
    const at = (path: string) => backend.completeAuthRedirect(`app://shelfwise${path}`);
    expect(await at('/login?error_description=Access%20denied')).toEqual({
      kind: 'error',
      message: 'Access denied',
    });
    expect(await at('/?code=abc')).toEqual({ kind: 'none' });
    expect(await at('/#access_token=a&refresh_token=r')).toEqual({ kind: 'none' });
    expect(await at('/settings')).toEqual({ kind: 'none' });
  });
});

describe('the desktop Backend: /sf/', () => {
  it('answers what main’s proxy answered', async () => {
    const { backend, spies } = setup();
    spies.sf.call.mockResolvedValueOnce(ok([{ id: 'shelf' }]));
    expect(await backend.sf('list-shelves', {})).toEqual([{ id: 'shelf' }]);
    expect(spies.sf.call).toHaveBeenCalledWith('list-shelves', {});
  });

  it('fails with SfError and the uniform error body, whoever refused', async () => {
    const { backend, spies } = setup();
    const details = { fieldErrors: { rating: ['must be 1 to 5'] } };
    spies.sf.call.mockResolvedValueOnce(
      failed({ kind: 'sf', status: 400, code: 'invalid_input', error: 'rating: must be 1 to 5', details }),
    );
    const error = await rejection(backend.sf('work-details', { work_id: 'x' }));
    expect(error).toBeInstanceOf(SfError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      error: 'rating: must be 1 to 5',
      details,
    });

    spies.sf.call.mockResolvedValueOnce(failed({ kind: 'invalid', message: 'sf:call: unknown endpoint' }));
    expect(await rejection(backend.sf('list-shelves', {}))).toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
    spies.sf.call.mockResolvedValueOnce(failed({ kind: 'forbidden', message: 'no' }));
    expect(await rejection(backend.sf('list-shelves', {}))).toMatchObject({ status: 403, code: 'forbidden' });
    spies.sf.call.mockResolvedValueOnce(failed({ kind: 'internal', message: 'oops' }));
    const internal = await rejection(backend.sf('list-shelves', {}));
    expect(internal).toBeInstanceOf(SfError);
    expect(internal).toMatchObject({ status: 500, error: 'oops' });
  });
});

describe('the desktop Backend: avatars and the server address', () => {
  it('hands main the image bytes and answers the public URL', async () => {
    const { backend, spies } = setup();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    expect(await backend.uploadAvatar(file)).toMatch(/\/avatars\/public\/.+\.png$/);
    const [bytes, type] = spies.storage.uploadAvatar.mock.calls[0]!;
    expect([...bytes]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(type).toBe('image/png');
  });

  it('refuses what the server would refuse without sending it, and shows the storage server’s message', async () => {
    const { backend, spies } = setup();
    const svg = new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' });
    expect(await rejection(backend.uploadAvatar(svg))).toMatchObject({ message: AVATAR_TYPE_MESSAGE });
    const huge = new File([new Uint8Array(MAX_AVATAR_BYTES + 1)], 'me.jpg', { type: 'image/jpeg' });
    expect(await rejection(backend.uploadAvatar(huge))).toMatchObject({ message: AVATAR_SIZE_MESSAGE });
    expect(spies.storage.uploadAvatar).not.toHaveBeenCalled();

    spies.storage.uploadAvatar.mockResolvedValueOnce(
      failed({ kind: 'storage', message: 'Avatars must be PNG, JPEG or WebP images.', status: 415 }),
    );
    const png = new File([new Uint8Array([1])], 'me.png', { type: 'image/png' });
    expect(await rejection(backend.uploadAvatar(png))).toMatchObject({
      message: 'Avatars must be PNG, JPEG or WebP images.',
    });
  });

  it('answers the server’s public address', async () => {
    const { backend } = setup();
    expect(await backend.serverUrl()).toBe(BRIDGE_SERVER);
  });
});

describe('the desktop Backend: deep links', () => {
  const open = (path: string) => ({ kind: 'open' as const, path });

  it('hands the app what arrived while it loaded, once, then what arrives later', async () => {
    const { backend, spies, deliver } = setup({ pending: [open('/confirm-signup?confirmation_url=x')] });
    const first = vi.fn();
    const second = vi.fn();
    // React in development mounts, unmounts and mounts again: the pending links still arrive once.
    backend.onDeepLink(first)();
    backend.onDeepLink(second);
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith('/confirm-signup?confirmation_url=x'));
    expect(first).not.toHaveBeenCalled();
    expect(spies.deepLinks.takePending).toHaveBeenCalledTimes(1);
    expect(spies.deepLinks.onDelivery).toHaveBeenCalledTimes(1);

    deliver(open('/change-email?confirmation_url=y'));
    expect(second).toHaveBeenLastCalledWith('/change-email?confirmation_url=y');
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('keeps links that arrive while nobody listens', () => {
    const { backend, deliver } = setup();
    const off = backend.onDeepLink(vi.fn());
    off();
    deliver(open('/confirm-reset?confirmation_url=z'));
    const listener = vi.fn();
    backend.onDeepLink(listener);
    expect(listener).toHaveBeenCalledWith('/confirm-reset?confirmation_url=z');
  });

  it('opens the page of a finished sign-in, and reloads onto it with the message when it failed', () => {
    const { backend, deliver, openPage } = setup();
    const listener = vi.fn();
    backend.onDeepLink(listener);
    deliver({ kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' });
    expect(listener).toHaveBeenCalledWith('/');
    expect(openPage).not.toHaveBeenCalled();

    deliver({ kind: 'auth', outcome: { kind: 'error', message: 'access_denied & more' }, path: '/login' });
    expect(openPage).toHaveBeenCalledWith('/login?error_description=access_denied+%26+more');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('writes the failure where completeAuthRedirect reads it', async () => {
    const { backend } = setup();
    const path = failedSignInPath('/reset-password', 'Email link is invalid or has expired');
    expect(await backend.completeAuthRedirect(`app://shelfwise${path}`)).toEqual({
      kind: 'error',
      message: 'Email link is invalid or has expired',
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BridgeFailure, INTERNAL_ERROR_MESSAGE } from '../bridge-failure';
import { handler } from './invoke-handler';
import { FORBIDDEN_MESSAGE, registerInvokeHandlers } from './register';
import type { InvokeEvent } from './register';
import { isTrustedSender } from './trusted-sender';

const APP = 'app://shelfwise';
const top = (url: string) => ({ url, parent: null, detached: false });

describe('isTrustedSender', () => {
  it('trusts only the main frame of our own page', () => {
    expect(isTrustedSender(top('app://shelfwise/settings'), APP)).toBe(true);
    expect(isTrustedSender(top('http://localhost:5173/'), 'http://localhost:5173')).toBe(true);
  });

  it.each([
    ['no frame (it navigated or closed)', null],
    ['a detached frame', { url: 'app://shelfwise/', parent: null, detached: true }],
    ['an iframe inside our page', { url: 'app://shelfwise/', parent: top('app://shelfwise/') }],
    ['an embedded player', { url: 'https://www.youtube.com/embed/x', parent: top('app://shelfwise/') }],
    ['another site in the main frame', top('https://evil.example/')],
    ['a look-alike host', top('app://shelfwise.evil/')],
    ['credentials before our host', top('app://evil@shelfwise/')],
    ['a file page', top('file:///home/user/evil.html')],
    ['about:blank, whose Node origin is "null"', top('about:blank')],
    ['a data page', top('data:text/html,<script>1</script>')],
    ['the API server instead of the dev server', top('http://localhost:8787/')],
  ])('refuses %s', (_name, frame) => {
    expect(isTrustedSender(frame, APP)).toBe(false);
  });
});

function setup(run = vi.fn(async (_ctx: unknown, a: string, b: number) => `${a}:${b}`)) {
  const listeners = new Map<string, (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  const log = vi.fn();
  const channels = registerInvokeHandlers(
    { handle: (channel, listener) => void listeners.set(channel, listener) },
    { demo: { echo: handler(z.tuple([z.string().max(5), z.number().int()]), run) } } as never,
    { appOrigin: APP, log },
  );
  const call = (frame: InvokeEvent['senderFrame'], ...args: unknown[]) =>
    listeners.get('demo:echo')!({ senderFrame: frame }, ...args);
  return { channels, call, run, log };
}

describe('registerInvokeHandlers', () => {
  it('registers `namespace:method` channels and answers a BridgeResult', async () => {
    const { channels, call, run } = setup();
    expect(channels).toEqual(['demo:echo']);
    expect(await call(top('app://shelfwise/'), 'abc', 2)).toEqual({ ok: true, value: 'abc:2' });
    expect(run).toHaveBeenCalledWith({ senderUrl: 'app://shelfwise/' }, 'abc', 2);
  });

  it('refuses a foreign sender before looking at its arguments', async () => {
    const { call, run, log } = setup();
    expect(await call(top('https://evil.example/'), 'abc', 2)).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: FORBIDDEN_MESSAGE },
    });
    expect(await call(null, 'abc', 2)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(run).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Refused demo:echo from a frame that is not our page.');
  });

  it.each([
    ['a wrong type', ['abc', 'two']],
    ['a missing argument', ['abc']],
    ['an extra argument', ['abc', 2, 'extra']],
    ['an oversized string', ['abcdefghijk', 2]],
    ['an object posing as a string', [{ toString: 'abc' }, 2]],
  ])('refuses %s without running the handler', async (_name, args) => {
    const { call, run } = setup();
    const answer = (await call(top('app://shelfwise/'), ...args)) as { ok: boolean; error: { kind: string } };
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('passes a BridgeFailure through and hides anything else behind a generic message', async () => {
    const failing = setup(
      vi.fn(async () => {
        throw new BridgeFailure({
          kind: 'auth',
          message: 'Invalid login credentials',
          code: 'invalid_credentials',
          status: 400,
        });
      }),
    );
    expect(await failing.call(top('app://shelfwise/'), 'a', 1)).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 },
    });
    expect(failing.log).not.toHaveBeenCalled();

    const crashing = setup(
      vi.fn(async () => {
        throw new Error('ENOENT /home/ada/.config/secret');
      }),
    );
    const answer = await crashing.call(top('app://shelfwise/'), 'a', 1);
    expect(answer).toEqual({ ok: false, error: { kind: 'internal', message: INTERNAL_ERROR_MESSAGE } });
    expect(JSON.stringify(answer)).not.toContain('/home/ada');
    expect(crashing.log.mock.calls[0]![0]).toContain('ENOENT');
  });
});

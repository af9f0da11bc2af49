import { describe, expect, it, vi } from 'vitest';
import { EVENT_SUBSCRIPTIONS, INVOKE_METHODS } from './channels';
import { createBridge } from './create-bridge';

function fakeIpc() {
  const subscribers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ ok: true, value: { channel, args } })),
    subscribe: vi.fn((channel: string, listener: (payload: unknown) => void) => {
      const set = subscribers.get(channel) ?? new Set();
      set.add(listener);
      subscribers.set(channel, set);
      return () => void set.delete(listener);
    }),
    emit: (channel: string, payload: unknown) => subscribers.get(channel)?.forEach((l) => l(payload)),
  };
}

/** Every value reachable from the bridge, with its path. */
function leaves(value: unknown, path = 'shelfwise'): [string, unknown][] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [[path, value]];
}

describe('createBridge', () => {
  it('exposes functions only: no ipcRenderer, no objects with methods of their own, nothing writable', () => {
    const bridge = createBridge(fakeIpc());
    for (const [path, value] of leaves(bridge)) expect(typeof value, path).toBe('function');
    expect(Object.keys(bridge).sort()).toEqual([
      'app',
      'auth',
      'deepLinks',
      'desktop',
      'offline',
      'sf',
      'storage',
    ]);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(JSON.stringify(Object.keys(bridge))).not.toMatch(/ipc|invoke|send/i);
  });

  it('has one function per channel and one per event subscription', () => {
    const bridge = createBridge(fakeIpc()) as unknown as Record<string, Record<string, unknown>>;
    for (const [ns, methods] of Object.entries(INVOKE_METHODS))
      for (const method of methods) expect(typeof bridge[ns]![method]).toBe('function');
    for (const [ns, subs] of Object.entries(EVENT_SUBSCRIPTIONS))
      for (const name of Object.keys(subs)) expect(typeof bridge[ns]![name]).toBe('function');
  });

  it('invokes `namespace:method` with the arguments as given', async () => {
    const ipc = fakeIpc();
    const bridge = createBridge(ipc);
    await bridge.sf.call('work-details', { work_id: 'x' });
    await bridge.auth.signInWithPassword('a@b.c', 'pw');
    expect(ipc.invoke.mock.calls).toEqual([
      ['sf:call', 'work-details', { work_id: 'x' }],
      ['auth:signInWithPassword', 'a@b.c', 'pw'],
    ]);
  });

  it('hands listeners the payload only, and unsubscribes', () => {
    const ipc = fakeIpc();
    const bridge = createBridge(ipc);
    const listener = vi.fn();
    const off = bridge.deepLinks.onDelivery(listener);
    ipc.emit('deepLinks:delivery', { kind: 'open', path: '/x' });
    expect(listener).toHaveBeenCalledWith({ kind: 'open', path: '/x' });
    expect(listener.mock.calls[0]).toHaveLength(1);
    off();
    ipc.emit('deepLinks:delivery', { kind: 'open', path: '/y' });
    expect(listener).toHaveBeenCalledTimes(1);

    const auth = vi.fn();
    bridge.auth.onStateChange(auth);
    expect(ipc.subscribe).toHaveBeenLastCalledWith('auth:state', expect.any(Function));
  });

  it('refuses a subscription without a listener function', () => {
    const bridge = createBridge(fakeIpc());
    expect(() => bridge.auth.onStateChange('not a function' as never)).toThrow(TypeError);
  });
});

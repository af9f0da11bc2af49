// The web app's updates over a fake workbox-window: a new build's worker waits for the reader, and only their
// Reload lets it take over and reloads the page.
import { describe, expect, it, vi } from 'vitest';
import type { AppWorker } from './app-updates';
import { createAppUpdates } from './app-updates';

type Handler = (event: { isUpdate?: boolean }) => void;

function fakeWorker() {
  const handlers = new Map<string, Handler[]>();
  const worker = {
    addEventListener: vi.fn((type: string, handler: Handler) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    }),
    register: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  };
  const fire = (type: string, event: { isUpdate?: boolean } = {}) =>
    handlers.get(type)?.forEach((handler) => handler(event));
  return { worker: worker as unknown as AppWorker, spies: worker, fire };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('app updates', () => {
  it('registers the worker and says nothing until a new version waits', async () => {
    const { worker, spies, fire } = fakeWorker();
    const updates = createAppUpdates(async () => worker, vi.fn());
    const listener = vi.fn();
    updates.subscribe(listener);
    await settle();
    expect(spies.register).toHaveBeenCalledOnce();
    expect(updates.ready()).toBe(false);

    fire('waiting');
    expect(updates.ready()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('swaps versions only when the reader asks, and reloads once the new one is in control', async () => {
    const { worker, spies, fire } = fakeWorker();
    const reload = vi.fn();
    const updates = createAppUpdates(async () => worker, reload);
    await settle();
    fire('waiting');
    expect(spies.messageSkipWaiting).not.toHaveBeenCalled();

    updates.apply();
    expect(spies.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload when the first worker ever takes control (nothing changed on the page)', async () => {
    const { worker, fire } = fakeWorker();
    const reload = vi.fn();
    createAppUpdates(async () => worker, reload);
    await settle();
    fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves the app working online when the worker cannot be registered', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const updates = createAppUpdates(async () => {
      throw new Error('SecurityError');
    }, vi.fn());
    await settle();
    expect(updates.ready()).toBe(false);
    expect(info).toHaveBeenCalledWith('The offline app could not be installed:', expect.any(Error));
    info.mockRestore();
  });
});

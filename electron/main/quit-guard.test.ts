import { describe, expect, it, vi } from 'vitest';
import { createQuitGuard, waitUntilSent } from './quit-guard';

function guard(over: Partial<Parameters<typeof createQuitGuard>[0]> = {}) {
  let unsent = 2;
  const deps = {
    persistent: false,
    unsent: () => unsent,
    askToStay: vi.fn(async () => true),
    whenSent: () => waitUntilSent(() => unsent, 5),
    quit: vi.fn(),
    log: vi.fn(),
    ...over,
  };
  return { deps, guard: createQuitGuard(deps), send: () => (unsent = 0) };
}
const quitEvent = () => ({ preventDefault: vi.fn() });

describe('the quit guard', () => {
  it('lets the app quit at once when the vault persists or nothing waits', () => {
    for (const over of [{ persistent: true }, { unsent: () => 0 }]) {
      const { guard: g, deps } = guard(over);
      const event = quitEvent();
      g.beforeQuit(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
      expect(deps.askToStay).not.toHaveBeenCalled();
    }
  });

  it('asks before losing queued changes, stays open until they are sent, then quits', async () => {
    const { guard: g, deps, send } = guard();
    const event = quitEvent();
    g.beforeQuit(event);
    g.beforeQuit(quitEvent()); // a second Quit while asking asks nothing more
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(deps.askToStay).toHaveBeenCalledExactlyOnceWith(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(deps.quit).not.toHaveBeenCalled();
    send();
    await vi.waitFor(() => expect(deps.quit).toHaveBeenCalledOnce());
    // The quit it starts itself goes through.
    const again = quitEvent();
    g.beforeQuit(again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('quits at once when the reader chooses to, and says what was lost', async () => {
    const { guard: g, deps } = guard({ askToStay: vi.fn(async () => false) });
    g.beforeQuit(quitEvent());
    await vi.waitFor(() => expect(deps.quit).toHaveBeenCalledOnce());
    expect(deps.log).toHaveBeenCalledWith(expect.stringMatching(/2 queued change\(s\) unsent/));
  });
});

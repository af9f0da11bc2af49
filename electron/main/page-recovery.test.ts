import { describe, expect, it, vi } from 'vitest';
import { createPageRecovery, crashPrompt, type RecoveryPrompt } from './page-recovery';

function recovery(answer: number | Promise<number>) {
  const deps = {
    ask: vi.fn(async (_prompt: RecoveryPrompt) => answer),
    reload: vi.fn(),
    quit: vi.fn(),
    log: vi.fn(),
  };
  return { deps, recovery: createPageRecovery(deps) };
}

describe('recovering a crashed or hung page', () => {
  it('offers Reload after a crash and reloads when picked', async () => {
    const { deps, recovery: r } = recovery(0);
    await r.gone('crashed');
    expect(deps.ask).toHaveBeenCalledWith(expect.objectContaining({ buttons: ['Reload', 'Quit'] }));
    expect(deps.reload).toHaveBeenCalledOnce();
    expect(deps.quit).not.toHaveBeenCalled();
  });

  it('quits after a crash when the reader picks Quit', async () => {
    const { deps, recovery: r } = recovery(1);
    await r.gone('oom');
    expect(deps.ask.mock.calls[0]![0].detail).toMatch(/out of memory/);
    expect(deps.quit).toHaveBeenCalledOnce();
  });

  it('asks nothing when the page ended on purpose', async () => {
    const { deps, recovery: r } = recovery(0);
    await r.gone('clean-exit');
    expect(deps.ask).not.toHaveBeenCalled();
    expect(crashPrompt('clean-exit')).toBeNull();
  });

  it('lets a hung page be waited for, and never stacks two prompts', async () => {
    let answer!: (choice: number) => void;
    const { deps, recovery: r } = recovery(new Promise<number>((resolve) => (answer = resolve)));
    const first = r.unresponsive();
    await r.unresponsive();
    await r.gone('crashed');
    expect(deps.ask).toHaveBeenCalledOnce();
    answer(1);
    await first;
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.quit).not.toHaveBeenCalled();
  });
});

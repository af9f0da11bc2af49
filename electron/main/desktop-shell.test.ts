import { describe, expect, it, vi } from 'vitest';
import { createDesktopShell } from './desktop-shell';
import { newlyReachedGoals } from './goal-notifications';
import { memoryStore } from './testing/memory-store';

function setup() {
  const port = {
    showNotification: vi.fn((_notice: { title: string; body: string }, _onClick: () => void) => true),
    setThemeSource: vi.fn(),
    setProgressBar: vi.fn(),
  };
  const openPath = vi.fn();
  const preferences = memoryStore();
  const shell = createDesktopShell({ port, preferences, openPath, log: () => undefined });
  return { shell, port, openPath, preferences };
}

const notice = {
  kind: 'import-finished' as const,
  title: 'Import finished',
  body: '12 books added',
  path: '/import',
};
const goals = (progress: number, target = 10) => ({
  year: 2026,
  goals: [{ goal_year: 2026, goal_type: 'books', target_qty: target, progress }],
});

describe('createDesktopShell', () => {
  it('shows notifications only once the reader turned them on, and a click opens their page', () => {
    const { shell, port, openPath, preferences } = setup();
    expect(shell.preferences()).toEqual({ notifications: false });
    shell.notify(notice);
    expect(port.showNotification).not.toHaveBeenCalled();

    shell.setNotifications(true);
    expect(preferences.get('preferences')).toEqual({ notifications: true });
    shell.notify(notice);
    expect(port.showNotification).toHaveBeenCalledWith(
      { title: 'Import finished', body: '12 books added' },
      expect.any(Function),
    );
    port.showNotification.mock.calls[0]![1]();
    expect(openPath).toHaveBeenCalledWith('/import');
  });

  it('hands the colour scheme to nativeTheme and clamps taskbar progress, null clearing it', () => {
    const { shell, port } = setup();
    shell.setColorScheme('dark');
    shell.setColorScheme('system');
    expect(port.setThemeSource.mock.calls).toEqual([['dark'], ['system']]);
    shell.setTaskbarProgress(0.25);
    shell.setTaskbarProgress(null);
    expect(port.setProgressBar.mock.calls).toEqual([[0.25], [-1]]);
  });

  it('a goal crossing its target raises one notification', () => {
    const { shell, port } = setup();
    shell.setNotifications(true);
    shell.goalsAnswered(goals(9), goals(10));
    shell.goalsAnswered(goals(10), goals(11));
    expect(port.showNotification).toHaveBeenCalledExactlyOnceWith(
      { title: 'Reading goal reached', body: 'You reached your 2026 goal of 10 books.' },
      expect.any(Function),
    );
  });
});

describe('newlyReachedGoals', () => {
  it('only goals that were short of the same target before and meet it now', () => {
    expect(newlyReachedGoals(goals(9), goals(10))).toHaveLength(1);
    expect(newlyReachedGoals(goals(10), goals(12))).toEqual([]);
    // A target lowered below the progress is the reader's edit, not news.
    expect(newlyReachedGoals(goals(9, 20), goals(9, 5))).toEqual([]);
    expect(newlyReachedGoals(null, goals(10))).toEqual([]);
    expect(newlyReachedGoals({ ...goals(9), year: 2025 }, goals(10))).toEqual([]);
  });
});

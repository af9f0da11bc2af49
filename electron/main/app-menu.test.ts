import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from './app-menu';

function setup(platform: NodeJS.Platform, currentBook: string | null = '/work/w1/e1') {
  const actions = {
    open: vi.fn(),
    focusSearch: vi.fn(),
    currentBookPath: vi.fn(() => currentBook),
    checkForUpdates: vi.fn(),
    openLogs: vi.fn(),
  };
  const template = appMenuTemplate(actions, {
    platform,
    packaged: true,
    updatesConfigured: true,
    importPath: '/import',
    exportPath: '/import#export-heading',
  });
  const all = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? all(i.submenu) : [])]);
  const item = (label: string) => {
    const found = all(template).filter((i) => i.label === label);
    if (found.length !== 1) throw new Error(`${found.length} items '${label}'`);
    return found[0]!;
  };
  const click = (label: string) => (item(label).click as () => void)();
  return { template, actions, item, click, all: () => all(template) };
}

describe('appMenuTemplate', () => {
  it('has the standard roles and, on Linux and Windows, our items in File, Go and Help', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const { template, item, all } = setup(platform);
      expect(template.map((m) => m.role ?? m.label)).toEqual([
        'File',
        'editMenu',
        'View',
        'Go',
        'windowMenu',
        'help',
      ]);
      expect(item('Search').accelerator).toBe('CmdOrCtrl+K');
      expect(item('Settings').accelerator).toBe('CmdOrCtrl+,');
      expect(all().some((i) => i.role === 'quit')).toBe(true);
      // Packaged builds carry no developer tools.
      expect(all().some((i) => i.role === 'toggleDevTools')).toBe(false);
    }
  });

  it('on macOS starts with the app menu holding Settings…, Check for Updates… and Quit', () => {
    const { template, item } = setup('darwin');
    expect(template[0]?.role).toBe('appMenu');
    const appItems = template[0]!.submenu as MenuItemConstructorOptions[];
    expect(appItems.map((i) => i.label ?? i.role)).toEqual(
      expect.arrayContaining(['about', 'Check for Updates…', 'Settings…', 'quit']),
    );
    expect(item('Settings…').accelerator).toBe('CmdOrCtrl+,');
    // Help keeps the log folder on macOS too.
    const help = template.find((m) => m.role === 'help')!.submenu as MenuItemConstructorOptions[];
    expect(help.map((i) => i.label)).toEqual(['Open Logs']);
  });

  it('each of our items does its job', () => {
    const { click, actions } = setup('linux');
    click('Search');
    expect(actions.focusSearch).toHaveBeenCalledOnce();
    for (const label of ['Settings', 'Update Progress', 'Reading Logs', 'Stats', 'Import…', 'Export…'])
      click(label);
    expect(actions.open.mock.calls.flat()).toEqual([
      '/settings',
      '/work/w1/e1',
      '/logs',
      '/stats',
      '/import',
      '/import#export-heading',
    ]);
    click('Check for Updates…');
    expect(actions.checkForUpdates).toHaveBeenCalledOnce();
    click('Open Logs');
    expect(actions.openLogs).toHaveBeenCalledOnce();
  });

  it('Update Progress opens the dashboard when no book is in progress', () => {
    const { click, actions } = setup('linux', null);
    click('Update Progress');
    expect(actions.open).toHaveBeenCalledWith('/');
  });
});

import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createUpdater, updateFeedUrl } from './updater';
import type { AutoUpdaterLike } from './updater';

function fakeUpdater(onCheck: (u: EventEmitter) => void) {
  const emitter = new EventEmitter();
  const updater = Object.assign(emitter, {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => onCheck(emitter)),
    quitAndInstall: vi.fn(),
  });
  return updater as typeof updater & AutoUpdaterLike;
}

function setup(feedUrl: string | undefined, onCheck: (u: EventEmitter) => void, restart = true) {
  const updater = fakeUpdater(onCheck);
  const deps = {
    feedUrl,
    loadUpdater: vi.fn(async () => updater),
    askToRestart: vi.fn(async () => restart),
    inform: vi.fn(),
    log: vi.fn(),
  };
  return { updates: createUpdater(deps), updater, deps };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('updateFeedUrl', () => {
  it('takes https, or http to this machine, and nothing else', () => {
    expect(updateFeedUrl('https://updates.example.org/shelfwise/')).toBe(
      'https://updates.example.org/shelfwise/',
    );
    expect(updateFeedUrl('http://127.0.0.1:8080/feed')).toBe('http://127.0.0.1:8080/feed');
    for (const bad of [undefined, '', 'http://updates.example.org/', 'file:///tmp/feed', 'not a url'])
      expect(updateFeedUrl(bad)).toBeNull();
  });
});

describe('createUpdater', () => {
  it('points electron-updater at the generic feed and asks before restarting to install', async () => {
    const { updates, updater, deps } = setup('https://updates.example.org/shelfwise/', (u) =>
      u.emit('update-downloaded', { version: '1.2.0' }),
    );
    expect(updates.configured).toBe(true);
    await updates.check(false);
    await settle();
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.org/shelfwise/',
    });
    expect(updater.autoDownload).toBe(true);
    expect(deps.askToRestart).toHaveBeenCalledWith('Shelfwise 1.2.0 is ready. Restart now to install it?');
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('Later leaves the app running (the update installs on quit)', async () => {
    const { updates, updater } = setup(
      'https://updates.example.org/',
      (u) => u.emit('update-downloaded', { version: '1.2.0' }),
      false,
    );
    await updates.check(true);
    await settle();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('answers the reader’s own check, and stays quiet on the check at start', async () => {
    const { updates, deps } = setup('https://updates.example.org/', (u) =>
      u.emit('update-not-available', { version: '1.0.0' }),
    );
    await updates.check(false);
    expect(deps.inform).not.toHaveBeenCalled();
    await updates.check(true);
    expect(deps.inform).toHaveBeenCalledWith('Shelfwise is up to date.');
    expect(deps.loadUpdater).toHaveBeenCalledOnce();
  });

  it('without a feed it never loads electron-updater and says so when asked', async () => {
    const { updates, deps } = setup(undefined, () => undefined);
    expect(updates.configured).toBe(false);
    await updates.check(false);
    await updates.check(true);
    expect(deps.loadUpdater).not.toHaveBeenCalled();
    expect(deps.inform).toHaveBeenCalledExactlyOnceWith(
      'Updates are not configured for this copy of Shelfwise.',
    );
  });

  it('reports a failed check the reader asked for', async () => {
    const { updates, deps } = setup('https://updates.example.org/', (u) =>
      u.emit('error', new Error('404 latest.yml')),
    );
    await updates.check(true);
    expect(deps.inform).toHaveBeenCalledWith('Could not check for updates: 404 latest.yml');
  });
});

// Updates through electron-updater from a generic feed (an HTTPS folder holding latest.yml and the signed
// artefacts electron-builder made) named by SHELFWISE_UPDATE_URL. Without it the app never looks for
// updates. An update downloads in the background; the reader is asked before the app restarts to install
// it, and can say Later (it then installs when they quit). electron-updater itself refuses an artefact whose
// signature does not match the running app's (Windows publisher, macOS code signature), so nothing
// unsigned installs; README.md "Signing a release" lists what each OS needs.
import { z } from 'zod';

/** The part of electron-updater's autoUpdater used here. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterDeps {
  /** SHELFWISE_UPDATE_URL. */
  feedUrl: string | undefined;
  /** electron-updater's autoUpdater, loaded only when there is a feed. */
  loadUpdater: () => Promise<AutoUpdaterLike>;
  /** A question with Restart and Later; true for Restart. */
  askToRestart: (message: string) => Promise<boolean>;
  /** A message box (answers to a check the reader asked for). */
  inform: (message: string) => void;
  log: (message: string) => void;
}

/** https, or http to this machine (a local test feed); anything else is refused. */
export function updateFeedUrl(raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  const parsed = z.url().safeParse(raw.trim());
  if (!parsed.success) return null;
  const url = new URL(parsed.data);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return url.protocol === 'https:' || (url.protocol === 'http:' && local) ? url.href : null;
}

export function createUpdater(deps: UpdaterDeps) {
  const feed = updateFeedUrl(deps.feedUrl);
  if (deps.feedUrl && !feed) deps.log(`SHELFWISE_UPDATE_URL is not an https URL; updates are off.`);
  let updater: Promise<AutoUpdaterLike> | null = null;
  // Whether the reader asked: only then does "no update" or a failure get a message box.
  let asked = false;

  function load(url: string): Promise<AutoUpdaterLike> {
    updater ??= deps.loadUpdater().then((u) => {
      u.autoDownload = true;
      u.autoInstallOnAppQuit = true;
      u.setFeedURL({ provider: 'generic', url });
      u.on('update-not-available', () => {
        if (asked) deps.inform('Shelfwise is up to date.');
        asked = false;
      });
      u.on('update-available', (info) => deps.log(`Downloading update ${info.version}.`));
      u.on('update-downloaded', (info) => {
        asked = false;
        void deps
          .askToRestart(`Shelfwise ${info.version} is ready. Restart now to install it?`)
          .then((restart) => restart && u.quitAndInstall());
      });
      u.on('error', (error) => {
        deps.log(`Update check failed: ${error.message}`);
        if (asked) deps.inform(`Could not check for updates: ${error.message}`);
        asked = false;
      });
      return u;
    });
    return updater;
  }

  async function check(byReader: boolean): Promise<void> {
    if (!feed) {
      if (byReader) deps.inform('Updates are not configured for this copy of Shelfwise.');
      return;
    }
    asked = byReader;
    try {
      await (await load(feed)).checkForUpdates();
    } catch (error) {
      deps.log(`Update check failed: ${String(error)}`);
      if (byReader)
        deps.inform(`Could not check for updates: ${error instanceof Error ? error.message : String(error)}`);
      asked = false;
    }
  }

  return { configured: feed !== null, check };
}

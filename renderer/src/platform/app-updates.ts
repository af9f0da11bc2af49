// The installed web app's updates (issue 29): the service worker precaches each build, and a new build's
// worker waits until the reader chooses to reload, so no page ever runs half of one version and half of
// another. Only the web build has a worker; the desktop app updates through its own updater.
import type { Workbox } from 'workbox-window';

/** What the page needs of workbox-window's Workbox (tests give a fake one). */
export type AppWorker = Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting'>;

export interface AppUpdates {
  /** Whether a new version is installed and waits for the reader. */
  ready(): boolean;
  /** Listens to changes of ready(); answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page on it. */
  apply(): void;
}

export function createAppUpdates(
  loadWorker: () => Promise<AppWorker>,
  reload: () => void = () => window.location.reload(),
): AppUpdates {
  let waiting = false;
  let worker: AppWorker | null = null;
  const listeners = new Set<() => void>();

  void loadWorker()
    .then(async (loaded) => {
      worker = loaded;
      loaded.addEventListener('waiting', () => {
        waiting = true;
        listeners.forEach((listener) => listener());
      });
      // The new worker controls the page only once the reader asked for it (apply), so this reload is theirs.
      loaded.addEventListener('controlling', (event) => {
        if (event.isUpdate) reload();
      });
      await loaded.register();
    })
    // Without a worker (blocked by the browser's settings, a private window) the app still works online; it
    // just cannot open offline. Nothing the reader must act on, so a note for developers, not a warning.
    .catch((error: unknown) => console.info('The offline app could not be installed:', error));

  return {
    ready: () => waiting,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    apply() {
      if (worker && waiting) worker.messageSkipWaiting();
      else reload();
    },
  };
}

/**
 * The web app's worker (/sw.js, built by vite-plugin-pwa), where the browser has service workers and the
 * build is a production one: Vite's dev server has no worker to register. workbox-window loads after the
 * app, off the first bundle.
 */
export function registerAppWorker(): AppUpdates | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  return createAppUpdates(async () => {
    const { Workbox } = await import('workbox-window');
    return new Workbox('/sw.js', { scope: '/' });
  });
}

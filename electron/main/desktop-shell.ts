// The desktop app as a citizen of the OS: native notifications (off until the reader turns them on, and
// kept in main so a page cannot turn them on itself), the window chrome's colour scheme (nativeTheme, which
// also decides what the page's prefers-color-scheme reports), and import progress on the taskbar or dock.
// Electron's pieces come in as ShellPort, so unit tests and the simulation run this exactly.
import { z } from 'zod';
import type { DesktopNotice, DesktopPreferences } from '@shared/desktop-bridge';
import { goalNotice, newlyReachedGoals } from './goal-notifications';
import type { KeyValueStore } from './key-value-store';

export interface ShellPort {
  /** Notification.isSupported() and new Notification(...).show(), with its click. */
  showNotification(notice: { title: string; body: string }, onClick: () => void): boolean;
  /** nativeTheme.themeSource. */
  setThemeSource(source: 'system' | 'light' | 'dark'): void;
  /** BrowserWindow.setProgressBar: 0..1, or -1 to clear. */
  setProgressBar(fraction: number): void;
}

export interface DesktopShellDeps {
  port: ShellPort;
  /** The reader's choices (a plain store: a yes/no is not user data worth sealing). */
  preferences: KeyValueStore;
  /** Opens an in-app page in the window, as a deep link does. */
  openPath(path: string): void;
  log: (message: string) => void;
}

const PREFERENCES_KEY = 'preferences';
const preferences = z.object({ notifications: z.boolean() });
const DEFAULTS: DesktopPreferences = { notifications: false };

/** Only an in-app page: one leading slash, never a scheme or another host. */
export const inAppPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path inside the app');

export function createDesktopShell(deps: DesktopShellDeps) {
  const read = (): DesktopPreferences => {
    const parsed = preferences.safeParse(deps.preferences.get(PREFERENCES_KEY));
    return parsed.success ? parsed.data : DEFAULTS;
  };

  /** A screen's notice (DesktopNotice) or one main raises itself (social-notifications.ts). */
  function notify(notice: Pick<DesktopNotice, 'title' | 'body' | 'path'>): void {
    if (!read().notifications) return;
    const shown = deps.port.showNotification({ title: notice.title, body: notice.body }, () =>
      deps.openPath(notice.path),
    );
    if (!shown) deps.log('Notifications are not supported here.');
  }

  return {
    preferences: read,
    setNotifications(enabled: boolean): DesktopPreferences {
      const next = { ...read(), notifications: enabled };
      deps.preferences.set(PREFERENCES_KEY, next);
      return next;
    },
    setColorScheme: (scheme: 'system' | 'light' | 'dark') => deps.port.setThemeSource(scheme),
    notify,
    setTaskbarProgress(fraction: number | null) {
      deps.port.setProgressBar(fraction === null ? -1 : Math.min(1, Math.max(0, fraction)));
    },
    /** Main saw a fresh reading-goals answer: a goal that crossed its target raises one notification. */
    goalsAnswered(previous: unknown, next: unknown) {
      for (const goal of newlyReachedGoals(previous, next)) notify(goalNotice(goal));
    },
  };
}

export type DesktopShell = ReturnType<typeof createDesktopShell>;

// Electron fixes Chromium's security bugs only in its latest three stable majors
// (electronjs.org/docs/latest/tutorial/electron-timelines). This table states that window as it stood at the
// last upgrade; the security scan (npm run test:security) fails when the Electron pinned in package.json is
// outside it, so an app on an unsupported Electron cannot pass CI, even when nobody touched it.
//
// Each major's support ends when the third major after it ships. Those dates follow Electron's published
// eight-week cadence, which tracks Chrome's stable releases; update the table from the timeline page with
// each upgrade (and DEPENDENCIES notes in README.md's desktop section).
import { readFileSync } from 'node:fs';

export interface SupportedMajor {
  major: number;
  /** The day the major's first stable release shipped (or is planned to). */
  stable: string;
  /** The day its support ends: when major + 3 ships. */
  endOfSupport: string;
}

/** Checked against Electron's timeline on 2026-11-27, when 45 was the current major. */
export const ELECTRON_SUPPORT_WINDOW: readonly SupportedMajor[] = [
  { major: 43, stable: '2026-06-30', endOfSupport: '2026-12-15' },
  { major: 44, stable: '2026-08-25', endOfSupport: '2027-02-09' },
  { major: 45, stable: '2026-10-20', endOfSupport: '2027-04-06' },
];

/** The Electron version package.json pins (devDependencies, or optionalDependencies in older trees). */
export function pinnedElectronVersion(packageJson: string): string {
  const pkg = JSON.parse(packageJson) as Record<string, Record<string, string> | undefined>;
  const version = pkg.devDependencies?.electron ?? pkg.optionalDependencies?.electron;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`package.json must pin electron to an exact version; found ${version ?? 'none'}`);
  return version;
}

export function readPinnedElectronVersion(packageJsonPath: string): string {
  return pinnedElectronVersion(readFileSync(packageJsonPath, 'utf8'));
}

/**
 * Why `version` may not ship on `today` (an ISO date), or null when Electron still supports it: its major is
 * older than the window's three, or the window says its support has ended.
 */
export function electronSupportProblem(
  version: string,
  today: string,
  window: readonly SupportedMajor[] = ELECTRON_SUPPORT_WINDOW,
): string | null {
  const major = Number(version.split('.')[0]);
  const newest = Math.max(...window.map((m) => m.major));
  const entry = window.find((m) => m.major === major);
  if (major > newest)
    return `Electron ${version} is newer than the support table knows (newest ${newest}): add its major to electron/tooling/electron-support.ts.`;
  if (!entry)
    return `Electron ${version} is out of support: Electron supports only its latest three majors (${window
      .map((m) => m.major)
      .join(', ')}). Upgrade it (DEPENDENCIES notes in README.md).`;
  if (today >= entry.endOfSupport)
    return `Electron ${major} left support on ${entry.endOfSupport}: upgrade Electron and update the table in electron/tooling/electron-support.ts.`;
  return null;
}

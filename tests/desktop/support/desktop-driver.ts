// Which driver runs the desktop suite: the real app under Playwright's Electron support where an Electron
// binary is available (SHELFWISE_ELECTRON, or the installed `electron` package's), else the simulation
// (support/simulated-window.ts). The same spec files run on either; the run says which one it used.
import { existsSync } from 'node:fs';
import { findElectronBinary, requireInstalledElectron } from '../../../electron/tooling/electron-binary';

export type DesktopDriver = { kind: 'electron'; binary: string } | { kind: 'simulation'; reason: string };

let said = false;

export function desktopDriver(): DesktopDriver {
  const forced = process.env.SHELFWISE_ELECTRON;
  const found = forced
    ? existsSync(forced)
      ? ({ ok: true, path: forced } as const)
      : ({ ok: false, reason: `SHELFWISE_ELECTRON names ${forced}, which does not exist` } as const)
    : findElectronBinary(() => requireInstalledElectron(), existsSync);
  const driver: DesktopDriver = found.ok
    ? { kind: 'electron', binary: found.path }
    : { kind: 'simulation', reason: found.reason };
  if (driver.kind === 'simulation' && process.env.SHELFWISE_REQUIRE_ELECTRON === '1')
    throw new Error(`SHELFWISE_REQUIRE_ELECTRON=1 but there is no Electron binary: ${driver.reason}.`);
  if (!said) {
    said = true;
    console.log(
      driver.kind === 'electron'
        ? `Desktop suite: real Electron (${driver.binary}).`
        : `Desktop suite: the SIMULATION (main in Node, the renderer in Chromium), not real Electron: ${driver.reason}. Set SHELFWISE_ELECTRON or install Electron's binary to run these specs on the real app.`,
    );
  }
  return driver;
}

// Whether Electron's own binary is on this machine. The `electron` package installs without it when
// ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set or GitHub cannot be reached (DEPENDENCIES.md "Electron"); its
// index.js then throws, or names a path that does not exist.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(
  requireElectron: () => unknown,
  exists: (path: string) => boolean,
): ElectronBinary {
  let path: unknown;
  try {
    path = requireElectron();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `require('electron') failed: ${message}` };
  }
  if (typeof path !== 'string' || path === '')
    return { ok: false, reason: "require('electron') did not name a binary" };
  if (!exists(path)) return { ok: false, reason: `the binary ${path} does not exist` };
  return { ok: true, path };
}

export function missingElectronHelp(command: string, reason: string, consequence: string): string {
  return [
    `${command}: Electron's binary is not installed, so ${consequence}.`,
    `  Why: ${reason}.`,
    '  The electron package installs without its binary when ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set,',
    '  when npm runs no install scripts (npm 11 asks for them to be allowed), or when GitHub cannot be reached.',
    '  To get it, on a machine with internet access:',
    '    unset ELECTRON_SKIP_BINARY_DOWNLOAD && node node_modules/electron/install.js',
    '  (or delete node_modules/electron and run npm install again).',
    '  Without it the desktop code is still tested: npm run test:unit covers electron/**.',
  ].join('\n');
}

/**
 * require('electron') (the binary's path), but only when the binary was installed: since Electron 45 the
 * package downloads a missing binary from GitHub as it is required, which here fails after a long stack
 * trace, and on a test run must not be tried at all. ELECTRON_OVERRIDE_DIST_PATH still names one elsewhere.
 */
export function requireInstalledElectron(
  require: NodeJS.Require = createRequire(import.meta.url),
  env: Record<string, string | undefined> = process.env,
): unknown {
  const packageDir = dirname(require.resolve('electron/package.json'));
  if (!env.ELECTRON_OVERRIDE_DIST_PATH && !existsSync(join(packageDir, 'path.txt')))
    throw new Error('the electron package was installed without its binary (no path.txt)');
  return require('electron');
}

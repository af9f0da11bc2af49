// `npm run desktop` and `npm run dist` without Electron's binary: a clear explanation and exit code 1,
// before building or starting anything. ELECTRON_OVERRIDE_DIST_PATH points the electron package at a
// folder that does not exist, so this holds on machines that do have the binary too.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function run(script: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-dist' },
    timeout: 60_000,
  });
}

describe.each([
  ['scripts/desktop.ts', 'npm run desktop', 'the desktop app cannot start here'],
  ['scripts/dist.ts', 'npm run dist', 'the desktop app cannot be packaged here'],
])('%s without the Electron binary', (script, command, consequence) => {
  it('explains what is missing and how to get it, and exits 1', () => {
    const result = run(script);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${command}: Electron's binary is not installed, so ${consequence}.`);
    expect(result.stderr).toContain('Why: ');
    expect(result.stderr).toContain('node node_modules/electron/install.js');
    expect(result.stdout).not.toContain('Built');
  });
});

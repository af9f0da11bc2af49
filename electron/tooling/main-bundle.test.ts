// The built main process, started in plain Node with a stand-in for Electron (testing/electron-stub.mjs):
// proves that the bundle loads, that main wires what the unit tests cover separately (lock, protocol,
// hardened window, CSP, IPC with sender checks) and that it starts with no keychain and no server.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_METHODS } from '../preload/channels';
import { buildElectron } from './build';

const root = fileURLToPath(new URL('../../', import.meta.url));
let report: any;
let out = '';
let stderr = '';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-main-'));
  out = join(dir, 'dist-electron');
  await buildElectron(out);
  mkdirSync(join(dir, 'app', 'dist', 'web'), { recursive: true });
  mkdirSync(join(dir, 'user-data'));
  writeFileSync(join(dir, 'app', 'dist', 'web', 'index.html'), '<!doctype html><title>Shelfwise</title>');
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      join(root, 'electron/tooling/testing/register-electron-stub.mjs'),
      join(out, 'main', 'index.js'),
    ],
    {
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        STUB_REPORT: join(dir, 'report.json'),
        STUB_APP_PATH: join(dir, 'app'),
        STUB_USER_DATA: join(dir, 'user-data'),
        // A port nothing listens on: the app must start without its server.
        SHELFWISE_SERVER_URL: 'http://127.0.0.1:9',
      },
    },
  );
  stderr = result.stderr;
  if (result.status !== 0) throw new Error(`main exited ${result.status}: ${result.stderr}`);
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
}, 120_000);

describe('the bundled main process', () => {
  it('takes the single-instance lock, registers shelfwise:// and enables the sandbox everywhere', () => {
    const names = report.calls.map((c: unknown[]) => c[0]);
    expect(names).toContain('app.requestSingleInstanceLock');
    expect(names).toContain('app.enableSandbox');
    expect(report.calls).toContainEqual(['app.setAsDefaultProtocolClient', 'shelfwise']);
    // Main talks to the server through Chromium's network stack, in a partition of its own.
    expect(report.calls).toContainEqual(['session.fromPartition', 'shelfwise-main-network']);
    expect(report.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('opens one hardened window on the packaged pages', () => {
    expect(report.windows).toHaveLength(1);
    expect(report.windows[0].webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(out, 'preload', 'index.cjs'),
    });
    expect(report.calls).toContainEqual(['loadURL', 'app://shelfwise/']);
    expect(report.navigation).toEqual({ ownPage: false, external: true, file: true });
    expect(report.windowOpen).toEqual({ action: 'deny' });
    expect(report.calls).toContainEqual(['shell.openExternal', 'https://openlibrary.org/']);
    expect(report.calls).toContainEqual(['shell.openExternal', 'https://example.org/']);
    expect(report.calls).not.toContainEqual(['shell.openExternal', 'file:///etc/passwd']);
  });

  it('serves the renderer over app:// with the CSP, and nothing outside the build', () => {
    expect(report.protocols.app).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(report.protocols.app.body).toContain('<title>Shelfwise</title>');
    expect(report.protocols.app.csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(report.protocols.escape).toBe(404);
    expect(report.headers['Content-Security-Policy'][0]).toBe(report.protocols.app.csp);
    expect(report.permission).toBe(false);
    expect(report.calls).toContainEqual(['setPermissionCheckHandler', false]);
  });

  it('registers exactly the preload’s channels and answers only our own top frame', () => {
    const expected = Object.entries(INVOKE_METHODS).flatMap(([ns, methods]) =>
      methods.map((m) => `${ns}:${m}`),
    );
    expect(report.ipc.channels).toEqual(expected.sort());
    expect(report.ipc.leftoverListeners).toEqual([]);
    expect(report.ipc.appInfo).toEqual({
      ok: true,
      value: {
        name: 'Shelfwise',
        version: '0.1.0-test',
        platform: process.platform,
        serverUrl: 'http://127.0.0.1:9',
        // Started without a keychain: the memory vault cannot keep a sign-in past quitting (issue 32).
        keepsSignIn: false,
      },
    });
    expect(report.ipc.fromForeignPage).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(report.ipc.fromIframe).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('sets the application menu: standard roles and our items with their shortcuts', () => {
    const roles = report.menu.map((m: { role: string | null; label: string | null }) => m.role ?? m.label);
    expect(roles).toEqual(expect.arrayContaining(['editMenu', 'View', 'windowMenu', 'help', 'Go', 'File']));
    const items = report.menu.flatMap((m: { items: { label: string | null }[] }) => m.items);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Search', accelerator: 'CmdOrCtrl+K' }),
        expect.objectContaining({ label: expect.stringMatching(/^Settings/), accelerator: 'CmdOrCtrl+,' }),
        expect.objectContaining({ label: 'Update Progress' }),
        expect.objectContaining({ label: 'Reading Logs' }),
        expect.objectContaining({ label: 'Stats' }),
        expect.objectContaining({ label: 'Import…' }),
        expect.objectContaining({ label: 'Export…' }),
        // No SHELFWISE_UPDATE_URL in this run: the item is there but cannot be used.
        expect.objectContaining({ label: 'Check for Updates…', enabled: false }),
      ]),
    );
  });

  it('starts without a keychain (memory vault, said so) and without its server', () => {
    expect(stderr).toContain('kept in memory only');
    expect(report.ipc.sfWithServerDown).toMatchObject({
      ok: false,
      error: { kind: 'sf', status: 0, code: 'network_error' },
    });
    expect(report.ipc.getSession).toMatchObject({ ok: false, error: { kind: 'auth', status: 0 } });
  });
});

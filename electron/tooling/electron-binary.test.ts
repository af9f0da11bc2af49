import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findElectronBinary, missingElectronHelp, requireInstalledElectron } from './electron-binary';

describe('findElectronBinary', () => {
  it('answers the binary when the package names one that exists', () => {
    expect(
      findElectronBinary(
        () => '/repo/node_modules/electron/dist/electron',
        () => true,
      ),
    ).toEqual({
      ok: true,
      path: '/repo/node_modules/electron/dist/electron',
    });
  });

  it('explains a package installed without its binary (require throws)', () => {
    const result = findElectronBinary(
      () => {
        throw new Error(
          'Electron failed to install correctly, please delete node_modules/electron and try installing again',
        );
      },
      () => true,
    );
    expect(result).toEqual({
      ok: false,
      reason:
        "require('electron') failed: Electron failed to install correctly, please delete node_modules/electron and try installing again",
    });
  });

  it('explains a path that does not exist, and a package that names nothing', () => {
    expect(
      findElectronBinary(
        () => '/gone/electron',
        () => false,
      ),
    ).toEqual({
      ok: false,
      reason: 'the binary /gone/electron does not exist',
    });
    expect(
      findElectronBinary(
        () => ({}),
        () => true,
      ).ok,
    ).toBe(false);
  });

  it('tells the reader what is missing, why, and how to get it', () => {
    const text = missingElectronHelp(
      'npm run desktop',
      'the binary /x does not exist',
      'the desktop app cannot start',
    );
    expect(text).toContain(
      "npm run desktop: Electron's binary is not installed, so the desktop app cannot start.",
    );
    expect(text).toContain('Why: the binary /x does not exist.');
    expect(text).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });
});

describe('requireInstalledElectron', () => {
  const fakeRequire = (dir: string) =>
    Object.assign((id: string) => (id === 'electron' ? `${dir}/dist/electron` : null), {
      resolve: (id: string) => `${dir}/${id.replace('electron/', '')}`,
    }) as unknown as NodeJS.Require;

  it('never requires a package installed without its binary (Electron 45 would download it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
    expect(() => requireInstalledElectron(fakeRequire(dir), {})).toThrow(/without its binary/);
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(requireInstalledElectron(fakeRequire(dir), {})).toBe(`${dir}/dist/electron`);
  });

  it('lets ELECTRON_OVERRIDE_DIST_PATH name a binary elsewhere', () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
    expect(requireInstalledElectron(fakeRequire(dir), { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' })).toBe(
      `${dir}/dist/electron`,
    );
  });
});

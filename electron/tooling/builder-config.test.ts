// build/electron-builder.yml checked the way electron-builder itself checks it (its own JSON schema), plus
// what ARCHITECTURE.md asks of it: app id, targets, the shelfwise:// protocol, icons, and a Linux desktop
// entry that matches build/linux/shelfwise.desktop. Packaging itself needs Electron's binary.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LINUX_ICON_SIZES } from './make-icons';

const root = fileURLToPath(new URL('../../', import.meta.url));
// electron-builder's own modules, reached through the package the project depends on.
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const libDir = dirname(builderRequire.resolve('app-builder-lib/package.json'));
const libRequire = createRequire(`${libDir}/`);
const yaml = libRequire('js-yaml') as { load(text: string): any };
const { validateConfiguration } = libRequire('./out/util/config/config') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = libRequire('builder-util/out/DebugLogger') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

const config = yaml.load(readFileSync(`${root}build/electron-builder.yml`, 'utf8'));

describe('build/electron-builder.yml', () => {
  it('passes electron-builder’s own validation', async () => {
    await expect(
      validateConfiguration(structuredClone(config), new DebugLogger(false)),
    ).resolves.toBeUndefined();
  });

  it('packages app.shelfwise.desktop as AppImage + deb, dmg + zip and nsis with the shelfwise:// protocol', () => {
    expect(config.appId).toBe('app.shelfwise.desktop');
    expect(config.productName).toBe('Shelfwise');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    // The zip is what electron-updater installs on macOS; the dmg is for a first install.
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.protocols).toEqual([{ name: 'Shelfwise', schemes: ['shelfwise'] }]);
    expect(config.extraMetadata.main).toBe('dist-electron/main/index.js');
  });

  it('turns off the fuses that would let anyone run the app as plain Node', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
  });

  it('points at icons that exist', () => {
    expect(existsSync(`${root}${config.mac.icon}`)).toBe(true);
    expect(existsSync(`${root}${config.win.icon}`)).toBe(true);
    for (const size of LINUX_ICON_SIZES)
      expect(existsSync(`${root}${config.linux.icon}/${size}x${size}.png`)).toBe(true);
  });

  it('gives Linux the same desktop entry as build/linux/shelfwise.desktop, handling shelfwise:// links', () => {
    const file = Object.fromEntries(
      readFileSync(`${root}build/linux/shelfwise.desktop`, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const [key, value] of Object.entries(config.linux.desktop.entry)) expect(file[key], key).toBe(value);
    expect(file.MimeType).toBe('x-scheme-handler/shelfwise;');
    expect(file.Exec).toBe(`${config.linux.executableName} %U`);
  });
});

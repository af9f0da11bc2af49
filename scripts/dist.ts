// `npm run dist`: packages the desktop app with electron-builder (build/electron-builder.yml) into release/.
// Builds the renderer (dist/web) and Electron main and preload first. Extra arguments go to electron-builder
// (e.g. `npm run dist -- --linux AppImage`). Explains and exits 1 when Electron's binary is not installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'vite';
import { buildElectron } from '../electron/tooling/build';
import { findElectronBinary, missingElectronHelp } from '../electron/tooling/electron-binary';

const binary = findElectronBinary(() => createRequire(import.meta.url)('electron'), existsSync);
if (!binary.ok) {
  console.error(
    missingElectronHelp('npm run dist', binary.reason, 'the desktop app cannot be packaged here'),
  );
  process.exit(1);
}

await build(); // the renderer, with the root vite.config.ts
await buildElectron();
const result = spawnSync(
  'npx',
  ['electron-builder', '--config', 'build/electron-builder.yml', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

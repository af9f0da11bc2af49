// `npm run dist`: packages the desktop app with electron-builder (build/electron-builder.yml) into release/.
// Builds the renderer (dist/web) and Electron main and preload first. Extra arguments go to electron-builder
// (e.g. `npm run dist -- --linux AppImage`). Explains and exits 1 when Electron's binary is not installed, or
// when SHELFWISE_SERVER_URL (the copy's default server, https) is missing; SHELFWISE_UPDATE_FEED names its
// update feed (electron/tooling/release-settings.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from 'vite';
import { buildElectron } from '../electron/tooling/build';
import {
  findElectronBinary,
  requireInstalledElectron,
  missingElectronHelp,
} from '../electron/tooling/electron-binary';
import { publishArguments, releaseSettingsFrom } from '../electron/tooling/release-settings';

const binary = findElectronBinary(() => requireInstalledElectron(), existsSync);
if (!binary.ok) {
  console.error(
    missingElectronHelp('npm run dist', binary.reason, 'the desktop app cannot be packaged here'),
  );
  process.exit(1);
}

// A reader's copy must know its server and where its updates come from before it is made.
let release;
try {
  release = releaseSettingsFrom(process.env);
} catch (error) {
  console.error(`npm run dist: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (!release.updateFeedUrl)
  console.warn('npm run dist: SHELFWISE_UPDATE_FEED is not set, so this build will never look for updates.');

await build(); // the renderer, with the root vite.config.ts
await buildElectron(undefined, release);
const result = spawnSync(
  'npx',
  [
    'electron-builder',
    '--config',
    'build/electron-builder.yml',
    ...publishArguments(release),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

// `npm run desktop`: the desktop app in development. Builds Electron main and preload, serves the renderer
// from Vite's dev server (hot reload) and opens Electron on it, against the server at SHELFWISE_SERVER_URL
// (default http://localhost:8787: run `npm start` in another terminal). Explains and exits 1 when Electron's
// binary is not installed (DEPENDENCIES.md "Electron").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'vite';
import { buildElectron } from '../electron/tooling/build';
import {
  findElectronBinary,
  requireInstalledElectron,
  missingElectronHelp,
} from '../electron/tooling/electron-binary';

const binary = findElectronBinary(() => requireInstalledElectron(), existsSync);
if (!binary.ok) {
  console.error(missingElectronHelp('npm run desktop', binary.reason, 'the desktop app cannot start here'));
  process.exit(1);
}

const serverUrl = process.env.SHELFWISE_SERVER_URL ?? 'http://localhost:8787';
const health = await fetch(`${serverUrl}/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
if (!health?.ok)
  console.warn(
    `No Shelfwise server answers at ${serverUrl}: start one with \`npm start\` (the app retries).`,
  );

await buildElectron();
const vite = await createServer();
await vite.listen();
const rendererUrl = vite.resolvedUrls?.local[0];
if (!rendererUrl) throw new Error('Vite did not report a local URL.');

const electron = spawn(binary.path, ['.'], {
  stdio: 'inherit',
  env: { ...process.env, SHELFWISE_RENDERER_URL: rendererUrl, SHELFWISE_SERVER_URL: serverUrl },
});
const stop = async (code: number) => {
  await vite.close();
  process.exit(code);
};
electron.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => electron.kill('SIGTERM'));
process.on('SIGTERM', () => electron.kill('SIGTERM'));

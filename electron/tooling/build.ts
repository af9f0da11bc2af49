// Builds Electron main (ES module) and the preload (CommonJS: a sandboxed preload cannot be an ES module)
// into dist-electron/ with Vite. Everything but Electron itself and keytar's native module is bundled, so
// the packaged app carries no node_modules beyond keytar. Run directly: `tsx electron/tooling/build.ts`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { InlineConfig } from 'vite';
import { NO_RELEASE_SETTINGS, type ReleaseSettings } from '../main/release';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shared = fileURLToPath(new URL('../../shared', import.meta.url));

// ws tries these optional native speed-ups inside try/catch; they are not installed.
const OPTIONAL_NATIVE = ['bufferutil', 'utf-8-validate'];

function bundle(
  entry: string,
  outDir: string,
  format: 'es' | 'cjs',
  fileName: string,
  external: string[],
  release: ReleaseSettings = NO_RELEASE_SETTINGS,
): InlineConfig {
  return {
    configFile: false,
    root,
    // main/release.ts reads what the packaged build was made with.
    define: { __SHELFWISE_RELEASE__: JSON.stringify(release) },
    logLevel: 'warn',
    resolve: { alias: { '@shared': shared } },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      sourcemap: true,
      minify: false,
      rollupOptions: { external, output: { format, entryFileNames: fileName, codeSplitting: false } },
    },
  };
}

export const MAIN_BUNDLE = 'dist-electron/main/index.js';
export const PRELOAD_BUNDLE = 'dist-electron/preload/index.cjs';

/**
 * Builds into `outDir` (absolute, or relative to the repository): main/index.js and preload/index.cjs, with
 * `release` (npm run dist) written into main.
 */
export async function buildElectron(
  outDir = 'dist-electron',
  release: ReleaseSettings = NO_RELEASE_SETTINGS,
): Promise<void> {
  await build(
    bundle(
      'electron/main/index.ts',
      join(outDir, 'main'),
      'es',
      'index.js',
      ['electron', 'keytar', ...OPTIONAL_NATIVE],
      release,
    ),
  );
  await build(bundle('electron/preload/index.ts', join(outDir, 'preload'), 'cjs', 'index.cjs', ['electron']));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildElectron();
  console.log(`Built ${MAIN_BUNDLE} and ${PRELOAD_BUNDLE}.`);
}

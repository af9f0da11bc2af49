// The real preload, electron/preload/index.ts, bundled for the page with `electron` replaced by
// support/electron-shim.ts: the init script that builds `window.shelfwise` in the simulated window.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const path = (relative: string) => fileURLToPath(new URL(relative, new URL('../../../', import.meta.url)));

export async function buildPreloadScript(): Promise<string> {
  // Vite's build sets NODE_ENV=production for its process; this is the test worker's process.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const result = await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: {
        alias: [
          { find: /^electron$/, replacement: path('tests/desktop/support/electron-shim.ts') },
          { find: '@shared', replacement: path('shared') },
        ],
      },
      build: {
        write: false,
        minify: false,
        target: 'es2022',
        lib: { entry: path('electron/preload/index.ts'), formats: ['iife'], name: 'shelfwisePreload' },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    for (const output of outputs)
      if ('output' in output)
        for (const file of output.output) if (file.type === 'chunk' && file.isEntry) return file.code;
    throw new Error('Vite produced no preload bundle.');
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

// Starts a worker thread on one of our TypeScript modules. The server runs under tsx and its tests under
// vitest, neither of which reaches into a worker thread, so the worker registers tsx itself (with our
// tsconfig, for the @shared alias) before it loads its entry.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';

// Resolved from here, not from the process's working directory; require() finds the CommonJS build, whose
// ESM sibling is the one a module import needs.
const tsxApi = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;
const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** A worker running the TypeScript module at `entry` (a file URL), with `options` as for any Worker. */
export function startTypeScriptWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const boot = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

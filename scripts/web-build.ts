// Builds the web app (dist/web) when it is missing or older than its sources. `npm start` runs it before the
// server starts, and the e2e runner once before its shards start, so two shards never build at once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['renderer', 'shared', 'vite.config.ts', 'package-lock.json'];
const builtIndex = join('dist', 'web', 'index.html');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds when stale; answers whether it built. */
export async function buildWebIfStale(): Promise<boolean> {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (sourcesAt <= builtAt) return false;
  console.log('Building the web app…');
  // Vite's build sets NODE_ENV=production for its own process; the server started after it must see the
  // operator's NODE_ENV instead, or a first start would silently run in production mode.
  const operatorNodeEnv = process.env.NODE_ENV;
  // Vite is loaded only to build: a start on an up-to-date build does not pay for importing it.
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  if (operatorNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = operatorNodeEnv;
  return true;
}

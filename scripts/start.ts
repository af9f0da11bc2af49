// `npm start`: build the web app when it is missing or older than its sources, then run the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const sources = ['renderer', 'shared', 'vite.config.ts', 'package-lock.json'];
const builtIndex = join('dist', 'web', 'index.html');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.filter(existsSync).map(newestMtime));
if (sourcesAt > builtAt) {
  console.log('Building the web app…');
  await build({ logLevel: 'warn' });
}
await import('../server/main');

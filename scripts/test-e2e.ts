// Runs the e2e suite as shards side by side, each with its own server, fixture servers and embedded database
// on its own ports (playwright.config.ts derives all of them from E2E_PORT), so no shard sees another's data.
// Most of an e2e test's time is spent waiting on the browser and the server, so two shards on two cores
// finish the suite much sooner than one. E2E_SHARDS=1 runs it as a single plain `playwright test`.
// Arguments after the script are passed to Playwright (a file filter, --project ...).
//
// The web app is built once, before the shards start (two servers starting at once would each build it),
// and each shard serves its own copy of it (WEB_DIST_DIR), since the deploy test rewrites its service worker.
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { buildWebIfStale } from './web-build';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 8790);
// Each shard takes four ports (server, Open Library fixture, covers fixture, its control); 10 apart leaves room.
const PORTS_PER_SHARD = 10;

function runShard(index: number): Promise<number> {
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  if (shards > 1) args.push(`--shard=${index + 1}/${shards}`);
  const port = firstPort + index * PORTS_PER_SHARD;
  const label = shards > 1 ? `[e2e ${index + 1}/${shards}] ` : '';
  const web = `.data/e2e-web-${port}`;
  rmSync(web, { recursive: true, force: true });
  cpSync('dist/web', web, { recursive: true });
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(port), WEB_DIST_DIR: web },
    stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (shards > 1) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) out.write(label + line + '\n');
      });
      stream?.on('end', () => pending && out.write(label + pending + '\n'));
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

await buildWebIfStale();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i)));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]));
if (failed.length > 0) console.error(`e2e: shard ${failed.join(', ')} of ${shards} failed`);
process.exit(failed.length > 0 ? 1 : 0);

// deploy/compose.yaml's topology made of plain processes, for machines that cannot run containers: a new
// database on the PostgreSQL at DATABASE_URL, two servers on it (own DATA_DIR each, the same JWT_SECRET,
// MFA_ENCRYPTION_KEY and PUBLIC_URL, TRUST_PROXY and DRAIN_DELAY_MS as compose sets them), the health-checked
// proxy in front, then the deployment smoke test (smoke.ts) through it. Everything is removed afterwards.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/deploy/local-topology.ts
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startHealthCheckedProxy } from './health-checked-proxy';
import { smokeTest } from './smoke';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server this script may create a database on.');
  process.exit(2);
}
const firstPort = Number(process.env.TOPOLOGY_PORT ?? 8835);
const name = `i30_topology_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const workDir = await mkdtemp(join(tmpdir(), 'shelfwise-topology-'));
const children: ChildProcess[] = [];
const proxyUrl = `http://127.0.0.1:${firstPort}`;
let failed = false;

const shared = {
  DATABASE_URL: databaseUrl,
  JWT_SECRET: randomBytes(36).toString('base64url'),
  MFA_ENCRYPTION_KEY: randomBytes(36).toString('base64url'),
  PUBLIC_URL: proxyUrl,
  TRUST_PROXY: '1',
  DRAIN_DELAY_MS: '5000',
  MAIL_MAILBOX: '1',
  SEED_DEMO: '0',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  WEB_DIST_DIR: '/nonexistent',
  LOG_LEVEL: 'warn',
};

async function startInstance(index: number): Promise<string> {
  const port = firstPort + index;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: join(workDir, `data-${index}`) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${index} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`instance ${index} was not ready within 180 s`);
}

try {
  // One after the other, as the migrations run once (the second waits on the lock and finds nothing to do).
  const first = await startInstance(1);
  const second = await startInstance(2);
  const proxy = await startHealthCheckedProxy([first, second], { port: firstPort });
  try {
    await smokeTest(proxy.url, first, second);
    console.log('The two-instance topology answered every step.');
  } finally {
    await proxy.close();
  }
} catch (err) {
  failed = true;
  console.error((err as Error).message);
} finally {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await rm(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

// A PostgreSQL cluster of the test's own, to stop, start and restart at will (DEPENDENCIES.md): Debian's
// initdb and pg_ctl, run as user postgres when we are root, data in a fresh temp dir, listening on a free
// loopback port and a private socket dir. Missing binaries fail loudly: a skipped outage test proves nothing.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01) and the port closes. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest installed server's bin dir, e.g. /usr/lib/postgresql/15/bin. */
export function postgresBinDir(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) => existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      `No PostgreSQL server binaries (initdb, pg_ctl) under ${POSTGRES_ROOT}/<version>/bin. ` +
        'This test starts its own cluster: install the postgresql-15 package (Debian) to run it.',
    );
  }
  return join(POSTGRES_ROOT, versions[0], 'bin');
}

export async function startThrowawayCluster(database = 'shelfwise'): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const home = await mkdtemp(join(tmpdir(), 'sf-pg-'));
  const dataDir = join(home, 'data');
  const logFile = join(home, 'postgres.log');
  if (asRoot) {
    // initdb refuses to run as root; the cluster belongs to postgres, so its temp dir must too.
    const [uid, gid] = await Promise.all([idOf('-u'), idOf('-g')]);
    await chown(home, uid, gid);
  }
  const port = await freePort();
  const pgCtl = async (...args: string[]) => {
    const argv = [join(bin, 'pg_ctl'), ...args];
    const [file, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...argv] : argv;
    try {
      await run(file as string, rest, { timeout: 60_000 });
    } catch (err) {
      const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
      throw new Error(`pg_ctl ${args[0]} failed: ${stderr || stdout || String(err)}`);
    }
  };
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const initdb = [join(bin, 'initdb'), '-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'];
  const [file, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...initdb] : initdb;
  await run(file as string, rest, { timeout: 120_000 });

  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    start: () => pgCtl('start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options),
    stop: () => pgCtl('stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'),
    restart: () =>
      pgCtl('restart', '-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', '-o', options),
    async destroy() {
      await pgCtl('stop', '-D', dataDir, '-m', 'immediate', '-w').catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  const { stdout } = await run('id', [flag, 'postgres']);
  return Number(stdout.trim());
}

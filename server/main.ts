// The server process: one port for the web app and every API.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { serve as startServing } from '@hono/node-server';
import { createApp } from './app';
import { loadSecret } from './auth/keys';
import { superviseWorkers } from './cluster-primary';
import { buildDeps, openDatabase, prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import type { Config } from './config';
import type { Db } from './db/db';
import { DatabaseUnavailableError, reasonOf } from './db/database-unavailable';
import { moveFilesToDatabase } from './storage/move-files-to-database';
import { createDrain } from './http/drain';
import { createLogger } from './logging/logger';
import { KEEP_ALIVE_TIMEOUT_MS } from './http/keep-alive';

/** How long a starting server waits for PostgreSQL (started alongside it, or restarting) before giving up. */
const DATABASE_WAIT_MS = 30_000;

const config = loadConfig();

if (cluster.isPrimary && config.serverWorkers > 1) {
  // The primary prepares what every worker shares, then only supervises (server/cluster-primary.ts).
  const db = await openDatabaseOrExit(config);
  const prepared = await prepareOrExit(db);
  await loadSecret(config.jwtSecret, config.dataDir);
  await db.close();
  cluster.once('listening', (_worker, address) => {
    console.log(
      `Shelfwise on ${config.publicUrl} (listening on ${address.address}:${address.port}, ${config.serverWorkers} processes)`,
    );
    console.log(databaseLine(prepared));
  });
  // The workers drain on SIGTERM (below); a few seconds more than that, then the primary goes regardless.
  superviseWorkers(config.serverWorkers, config.drainDelayMs + config.shutdownTimeoutMs + 5_000);
} else {
  await serve(cluster.isWorker);
}

/** One serving process: the whole server, or one worker of a cluster (its primary prepared the database). */
async function serve(isClusterWorker: boolean) {
  const db = await openDatabaseOrExit(config);
  const prepared = isClusterWorker ? null : await prepareOrExit(db);
  const deps = await buildDeps(config, db);
  const drain = createDrain();
  const app = createApp(deps, { web: true, drain, log: createLogger(config.logLevel) });

  const server = startServing({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    if (!prepared) return; // the primary says where it listens, once
    console.log(`Shelfwise on ${config.publicUrl} (listening on ${info.address}:${info.port})`);
    console.log(databaseLine(prepared));
  });

  (server as Server).keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  drain.attach(server as Server);

  let stopping = false;
  /**
   * Drains (issue 30): not ready at once; after DRAIN_DELAY_MS no new connections; accepted requests and
   * running jobs get SHUTDOWN_TIMEOUT_MS to finish (jobs still running are released to other instances);
   * then the LISTEN connection and the pool close and the process exits 0.
   */
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker) console.log(`${signal}: draining`);
    drain.begin();
    if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    server.close();
    (server as Server).closeIdleConnections();
    const [settled] = await Promise.all([drain.settled(config.shutdownTimeoutMs), deps.jobs.stop()]);
    if (!settled) {
      console.error(`${drain.inFlight()} requests were still running after ${config.shutdownTimeoutMs} ms`);
      (server as Server).closeAllConnections();
    }
    await deps.publicReads?.close();
    await deps.heldFiles?.close();
    await db.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

interface Prepared {
  version: number;
  seeded: number;
}

async function prepareOrExit(db: Db): Promise<Prepared> {
  const prepared = await prepareDatabase(db, { seed: config.seedDemo }).catch((err: unknown) =>
    exitWith(`Shelfwise could not prepare the database (${reasonOf(err)}).`, err),
  );
  if (config.fileStorage === 'database') {
    const moved = await moveFilesToDatabase(db, config.storageDir).catch((err: unknown) =>
      exitWith(`Shelfwise could not move the files in ${config.storageDir} into the database.`, err),
    );
    if (moved > 0) console.log(`Moved ${moved} stored files from ${config.storageDir} into the database`);
  }
  return prepared;
}

function databaseLine({ version, seeded }: Prepared): string {
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded Postgres in ${config.dataDir}`;
  return `Database: ${where}, migration ${version}${seeded ? `, ${seeded} demo works added` : ''}`;
}

/**
 * Opens the database, waiting a while for a PostgreSQL that is not up yet; then gives up with a message
 * that says what is wrong, rather than a stack trace (a supervisor restarting us shows it every time).
 */
async function openDatabaseOrExit(config: Config): Promise<Db> {
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  let said = false;
  for (;;) {
    try {
      return await openDatabase(config);
    } catch (err) {
      const where = config.databaseUrl ? databaseHost(config.databaseUrl) : config.dataDir;
      if (!(err instanceof DatabaseUnavailableError)) {
        exitWith(`Shelfwise could not open the database at ${where} (${reasonOf(err)}).`, err);
      }
      if (Date.now() >= giveUpAt) {
        exitWith(
          `Shelfwise could not reach PostgreSQL at ${where} for ${DATABASE_WAIT_MS / 1000} s (${err.reason}). ` +
            'Is it running, and is DATABASE_URL right? Exiting.',
        );
      }
      if (!said) console.error(`Waiting for PostgreSQL at ${where} (${err.reason})…`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** host:port/database of a connection URL: never its user or password. */
function databaseHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host || parsed.searchParams.get('host') || 'localhost'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

function exitWith(message: string, err?: unknown): never {
  console.error(message);
  // Not a database error's message (it may quote data); other start-up errors are ours and worth the stack.
  if (
    err instanceof Error &&
    !(err as { code?: unknown }).code &&
    !(err instanceof DatabaseUnavailableError)
  ) {
    console.error(err.stack);
  }
  process.exit(1);
}

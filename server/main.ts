// The server process: one port for the web app and every API.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps, openDatabase, prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import type { Config } from './config';
import type { Db } from './db/db';
import { DatabaseUnavailableError, reasonOf } from './db/database-unavailable';

/** How long a starting server waits for PostgreSQL (started alongside it, or restarting) before giving up. */
const DATABASE_WAIT_MS = 30_000;

const config = loadConfig();
const db = await openDatabaseOrExit(config);
const { version, seeded } = await prepareDatabase(db, { seed: config.seedDemo }).catch((err: unknown) =>
  exitWith(`Shelfwise could not prepare the database (${reasonOf(err)}).`, err),
);
const deps = await buildDeps(config, db);
const app = createApp(deps, { web: true });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded Postgres in ${config.dataDir}`;
  console.log(`Shelfwise on ${config.publicUrl} (listening on ${info.address}:${info.port})`);
  console.log(`Database: ${where}, migration ${version}${seeded ? `, ${seeded} demo works added` : ''}`);
});

// Idle keep-alive connections outlive a load balancer's (commonly 60 s), so it never reuses a socket we closed.
(server as Server).keepAliveTimeout = 65_000;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server.close();
  await deps.jobs.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

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

// The server process: one port for the web app and every API.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { buildDeps, openDatabase, prepareDatabase } from './bootstrap';
import { loadConfig } from './config';

const config = loadConfig();
const db = await openDatabase(config);
const { version, seeded } = await prepareDatabase(db, { seed: process.env.SEED_DEMO !== '0' });
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
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

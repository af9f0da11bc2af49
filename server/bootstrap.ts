// Builds everything the server runs on from a Config: database (PGlite or PostgreSQL), migrations, the
// demo catalogue on first run, keys and services.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { loadDemoCatalogue, seedCatalogue } from './db/seed/catalogue';
import type { AppDeps } from './deps';
import { createGoogleOidc } from './auth/google-oidc';
import { createKeys, loadSecret } from './auth/keys';
import { createRateLimiter } from './auth/rate-limiter';
import { createCatalogueImporter } from './features/catalogue/importer';
import { createMailer } from './mail/mailer';
import { createOpenLibraryClient } from './metadata/openlibrary';

export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(join(config.dataDir, 'pglite'));
}

export async function buildDeps(config: Config, db: Db): Promise<AppDeps> {
  const keys = await createKeys(await loadSecret(config.jwtSecret, config.dataDir));
  const openLibrary = createOpenLibraryClient({
    baseUrl: config.openLibraryUrl,
    userAgent: `Shelfwise/${config.version} (https://github.com/shelfwise; admin@shelfwise.app)`,
  });
  return {
    config,
    db,
    keys,
    catalogue: createCatalogueImporter(db, openLibrary),
    mailer: createMailer(config),
    rateLimiter: createRateLimiter(db, config.rateLimits),
    google: createGoogleOidc(config),
  };
}

/** Migrates and seeds; answers the migration version and how many demo works were added. */
export async function prepareDatabase(
  db: Db,
  { seed = true } = {},
): Promise<{ version: number; seeded: number }> {
  const version = await migrate(db);
  const seeded = seed ? await seedCatalogue(db, await loadDemoCatalogue()) : 0;
  return { version, seeded };
}

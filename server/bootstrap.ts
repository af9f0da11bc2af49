// Builds everything the server runs on from a Config: database (PGlite or PostgreSQL), migrations, the
// demo catalogue on first run, keys, services and the background job worker.
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
import { createKeys, loadSecret, mfaKeyMaterial } from './auth/keys';
import { createRateLimiter } from './auth/rate-limiter';
import { RECOVER_JOB, recoverJob } from './auth/recover-job';
import { RESEND_JOB, resendJob } from './auth/resend-job';
import {
  RELEASE_UNCONFIRMED_EVERY_MS,
  RELEASE_UNCONFIRMED_JOB,
  releaseUnconfirmedJob,
} from './auth/housekeeping';
import { startPublicReadCache } from './cache/public-read-cache';
import { createCatalogueImporter } from './features/catalogue/importer';
import { importJob } from './features/imports/import-job';
import { IMPORT_JOB } from './features/imports/import-job-kind';
import {
  IDEMPOTENCY_CLEANUP_EVERY_MS,
  IDEMPOTENCY_CLEANUP_JOB,
  idempotencyCleanupJob,
} from './http/idempotency';
import { createJobRunner } from './jobs/job-runner';
import { TRENDING_JOB, trendingJob } from './features/discovery/trending-job';
import { createMailer } from './mail/mailer';
import { MAIL_JOB, mailJob } from './mail/outbox';
import { createOpenLibraryClient } from './metadata/openlibrary';

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(join(config.dataDir, 'pglite'));
}

/** Builds the services and starts the job worker; stop it (deps.jobs.stop()) before closing the database. */
export async function buildDeps(config: Config, db: Db): Promise<AppDeps> {
  const jwtSecret = await loadSecret(config.jwtSecret, config.dataDir);
  const keys = await createKeys(jwtSecret, mfaKeyMaterial(config.mfaEncryptionKey, jwtSecret));
  const openLibrary = createOpenLibraryClient({
    baseUrl: config.openLibraryUrl,
    userAgent: `Shelfwise/${config.version} (https://github.com/shelfwise; ${config.openLibraryContact})`,
  });
  const deps: AppDeps = {
    config,
    db,
    keys,
    catalogue: createCatalogueImporter(db, openLibrary),
    openLibrary,
    mailer: createMailer(config),
    rateLimiter: createRateLimiter(db, config.rateLimits),
    google: createGoogleOidc(config),
    jobs: createJobRunner(db, { stopTimeoutMs: config.shutdownTimeoutMs }),
    // PUBLIC_READ_CACHE_MB=0: every public read goes to the database (to measure it, or to save the memory).
    publicReads:
      config.publicReadCacheBytes > 0
        ? await startPublicReadCache(db, { limits: { maxBytes: config.publicReadCacheBytes } })
        : undefined,
  };
  startJobs(deps);
  return deps;
}

/** Starts deps.jobs with every kind of job the server runs. */
export function startJobs(deps: AppDeps): void {
  deps.jobs.start(
    {
      [MAIL_JOB]: mailJob(deps),
      [RECOVER_JOB]: recoverJob(deps),
      [RESEND_JOB]: resendJob(deps),
      [RELEASE_UNCONFIRMED_JOB]: releaseUnconfirmedJob(deps),
      [IMPORT_JOB]: importJob(deps),
      [IDEMPOTENCY_CLEANUP_JOB]: idempotencyCleanupJob(deps),
      [TRENDING_JOB]: trendingJob(deps),
    },
    {
      [RELEASE_UNCONFIRMED_JOB]: RELEASE_UNCONFIRMED_EVERY_MS,
      [IDEMPOTENCY_CLEANUP_JOB]: IDEMPOTENCY_CLEANUP_EVERY_MS,
      [TRENDING_JOB]: deps.config.trendingRefreshMs,
    },
  );
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

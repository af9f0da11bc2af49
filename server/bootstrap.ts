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
import { KEEP_PUBLISHED_SECONDS, createKeys, loadSecret, mfaKeyMaterial, signingKeyBox } from './auth/keys';
import { parseConfiguredSigningKeys } from './auth/signing-keys/signing-key-material';
import type { SigningKeys } from './auth/signing-keys/signing-keys';
import { configuredSigningKeys, storedSigningKeys } from './auth/signing-keys/signing-keys';
import { createRateLimiter } from './auth/rate-limiter';
import { RECOVER_JOB, recoverJob } from './auth/recover-job';
import { SIGN_IN_LINK_JOB, signInLinkJob } from './auth/sign-in-link-job';
import { RESEND_JOB, resendJob } from './auth/resend-job';
import {
  RELEASE_UNCONFIRMED_EVERY_MS,
  RELEASE_UNCONFIRMED_JOB,
  releaseUnconfirmedJob,
} from './auth/housekeeping';
import { startPublicReadCache } from './cache/public-read-cache';
import { startHeldFiles } from './storage/held-files';
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
import {
  PRUNE_NOTIFICATIONS_EVERY_MS,
  PRUNE_NOTIFICATIONS_JOB,
  pruneNotificationsJob,
} from './features/notifications/prune-job';
import { READER_JOB, readerJob } from './features/recommendations/reader-refresh';
import {
  SIMILARITY_JOB,
  SIMILARITY_SHARD_JOB,
  similarityJob,
  similarityShardJob,
} from './features/recommendations/similarity-job';
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
  const keys = await createKeys(
    jwtSecret,
    await openSigningKeys(config, db, jwtSecret),
    mfaKeyMaterial(config.mfaEncryptionKey, jwtSecret),
  );
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
    heldFiles:
      config.fileStorage === 'database' ? await startHeldFiles(db, config.storedFilesCacheBytes) : undefined,
  };
  startJobs(deps);
  return deps;
}

/** The operator's JWT_SIGNING_KEYS, else the keys stored in the database (made on its first start). */
export async function openSigningKeys(
  config: Pick<Config, 'jwtSigningKeys'>,
  db: Db,
  jwtSecret: Uint8Array,
): Promise<SigningKeys> {
  if (config.jwtSigningKeys)
    return configuredSigningKeys(await parseConfiguredSigningKeys(config.jwtSigningKeys));
  return storedSigningKeys(db, signingKeyBox(jwtSecret), { keepPublishedSeconds: KEEP_PUBLISHED_SECONDS });
}

/** Starts deps.jobs with every kind of job the server runs. */
export function startJobs(deps: AppDeps): void {
  deps.jobs.start(
    {
      [MAIL_JOB]: mailJob(deps),
      [RECOVER_JOB]: recoverJob(deps),
      [RESEND_JOB]: resendJob(deps),
      [SIGN_IN_LINK_JOB]: signInLinkJob(deps),
      [RELEASE_UNCONFIRMED_JOB]: releaseUnconfirmedJob(deps),
      [IMPORT_JOB]: importJob(deps),
      [IDEMPOTENCY_CLEANUP_JOB]: idempotencyCleanupJob(deps),
      [TRENDING_JOB]: trendingJob(deps),
      [PRUNE_NOTIFICATIONS_JOB]: pruneNotificationsJob(deps),
      [SIMILARITY_JOB]: similarityJob(deps),
      [SIMILARITY_SHARD_JOB]: similarityShardJob(deps),
      [READER_JOB]: readerJob(deps),
    },
    {
      [RELEASE_UNCONFIRMED_JOB]: RELEASE_UNCONFIRMED_EVERY_MS,
      [IDEMPOTENCY_CLEANUP_JOB]: IDEMPOTENCY_CLEANUP_EVERY_MS,
      [TRENDING_JOB]: deps.config.trendingRefreshMs,
      [PRUNE_NOTIFICATIONS_JOB]: PRUNE_NOTIFICATIONS_EVERY_MS,
      [SIMILARITY_JOB]: deps.config.recommendationsRebuildMs,
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

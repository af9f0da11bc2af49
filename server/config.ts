// The only place the server reads its environment: every variable is read and checked here, with its
// default, and a wrong value stops the start with a message naming it. README.md's configuration table lists
// the same variables.
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseRateLimits } from './auth/limits';
import type { RateLimits } from './auth/limits';
import { LOG_LEVELS } from './logging/logger';
import type { LogLevel } from './logging/logger';

export interface Config {
  port: number;
  host: string;
  /** Base URL clients use to reach this server (links in mails, /client-config). */
  publicUrl: string;
  /** Web app origins allowed as redirect targets, besides publicUrl and the desktop scheme. */
  siteUrls: string[];
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  /** JWT_SIGNING_KEYS: private JWKs (JSON) that sign access tokens instead of the keys stored in the database. */
  jwtSigningKeys: string | null;
  /** MFA_ENCRYPTION_KEY: seals TOTP secrets at rest; unset, a key derived from the JWT secret does. */
  mfaEncryptionKey: string | null;
  openLibraryUrl: string;
  /** How Open Library can reach whoever runs this server; sent in the User-Agent, as Open Library asks. */
  openLibraryContact: string;
  /** Where cover images come from when an edition has none of its own (Open Library's cover service). */
  coversUrl: string;
  /** Hosts (with their subdomains) a cover redirect may reach over https besides COVERS_URL's own. */
  coversRedirectHosts: string[];
  smtpUrl: string | null;
  mailFrom: string;
  /** The local mailbox at /dev/mail: on unless production; MAIL_MAILBOX=1 turns it on, MAIL_MAILBOX=0 off. */
  mailbox: boolean;
  storageDir: string;
  /**
   * FILE_STORAGE: where avatars and the cover cache live (server/storage/file-store.ts). 'database' by default
   * with DATABASE_URL, so every instance sees every file; 'disk' (STORAGE_DIR) by default with the embedded one.
   */
  fileStorage: 'disk' | 'database';
  /**
   * STORED_FILES_CACHE_MB: bytes of stored files each serving process holds in memory with
   * FILE_STORAGE=database (server/storage/held-files.ts), as the page cache holds them for the disk.
   */
  storedFilesCacheBytes: number;
  production: boolean;
  googleClientId: string | null;
  googleClientSecret: string | null;
  googleIssuer: string;
  /** Auth rate limits per bucket (server/auth/limits.ts); AUTH_RATE_LIMITS overrides the defaults. */
  rateLimits: RateLimits;
  /** TRUST_PROXY=1: the client address is the first of X-Forwarded-For (any client can send the header). */
  trustProxy: boolean;
  /** SEED_DEMO=0: start without loading the demo catalogue. */
  seedDemo: boolean;
  webDistDir: string;
  version: string;
  /**
   * ADMIN_EMAILS: accounts with these addresses (lower-cased) are admins from the moment they sign up, so an
   * operator can bootstrap the first admin, and end-to-end runs get theirs, without `npm run admin`, which
   * cannot open the embedded database while the server holds it.
   */
  adminEmails: string[];
  /**
   * SERVER_WORKERS: how many processes serve requests (node:cluster). One by default; more needs PostgreSQL,
   * since the embedded database belongs to one process.
   */
  serverWorkers: number;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per serving process. */
  databasePoolSize: number;
  /** PUBLIC_READ_CACHE_MB: bytes of public answers kept per serving process (server/cache); 0 keeps none. */
  publicReadCacheBytes: number;
  /** TRENDING_REFRESH_SECONDS: how often the trending job recomputes Trending (issue 28). */
  trendingRefreshMs: number;
  /**
   * RECOMMENDATIONS_REBUILD_SECONDS: how often the recommender's shared tables (item to item, community
   * moods, popular lists) are rebuilt (issue 28).
   */
  recommendationsRebuildMs: number;
  /** NOTIFICATIONS_KEEP_READ_DAYS: read notifications older than this are pruned (issue 27). */
  notificationsKeepReadDays: number;
  /** NOTIFICATIONS_KEEP_DAYS: any notification older than this is pruned, read or not (issue 27). */
  notificationsKeepDays: number;
  /**
   * DRAIN_DELAY_MS: after SIGTERM, how long the process keeps accepting connections while /health/ready
   * answers 503, so a load balancer that polls it stops sending work first (0: stop accepting at once).
   */
  drainDelayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: how long a stopping process lets accepted requests and running jobs finish. */
  shutdownTimeoutMs: number;
  /** METRICS_TOKEN: turns on GET /metrics (Prometheus) for bearers of this token; unset, there is none. */
  metricsToken: string | null;
  /** LOG_LEVEL: the structured log's level (server/logging); `info` logs a line per request. */
  logLevel: LogLevel;
}

/** An unset or empty variable is absent; anything else is kept as written. */
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));
/** '0' or '1'; absent leaves the default. */
const flag = optional.pipe(z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional());
const url = optional.pipe(z.url({ message: 'must be a URL' }).optional());
const list = optional.transform((value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const notAPort = { message: 'is not a port number' };
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

const DEFAULT_COVERS_URL = 'https://covers.openlibrary.org';
/**
 * Open Library answers most cover requests with a redirect to archive.org's servers, so its default covers
 * host brings that one with it; any other COVERS_URL follows redirects to no other host unless listed.
 */
function coversRedirectHosts(coversUrl: string | undefined, listed: string[]): string[] {
  if (listed.length > 0) return listed.map((h) => h.toLowerCase());
  const host = new URL(coversUrl ?? DEFAULT_COVERS_URL).hostname;
  return host === 'covers.openlibrary.org' ? ['archive.org'] : [];
}

const envSchema = z.object({
  PORT: optional.pipe(
    z.coerce.number<string>(notAPort).int(notAPort).min(0, notAPort).max(65535, notAPort).optional(),
  ),
  HOST: optional,
  PUBLIC_URL: url,
  SITE_URL: list.pipe(z.array(z.url({ message: 'must be comma-separated URLs' }))),
  DATA_DIR: optional,
  DATABASE_URL: optional,
  JWT_SECRET: optional,
  JWT_SIGNING_KEYS: optional,
  MFA_ENCRYPTION_KEY: optional,
  OPENLIBRARY_URL: url,
  // Printable ASCII: it goes into a header as it is.
  OPENLIBRARY_CONTACT: optional.pipe(
    z
      .string()
      .regex(/^[\x20-\x7e]+$/, { message: 'must be printable ASCII (it is sent in a header)' })
      .optional(),
  ),
  COVERS_URL: url,
  COVERS_REDIRECT_HOSTS: list.pipe(
    z.array(z.string().regex(/^[a-z0-9.-]+$/i, { message: 'must be comma-separated host names' })),
  ),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  MAIL_MAILBOX: flag,
  STORAGE_DIR: optional,
  FILE_STORAGE: optional.pipe(
    z.enum(['disk', 'database'], { message: 'must be disk or database' }).optional(),
  ),
  NODE_ENV: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: url,
  AUTH_RATE_LIMITS: optional,
  ADMIN_EMAILS: list,
  TRUST_PROXY: flag,
  SEED_DEMO: flag,
  WEB_DIST_DIR: optional,
  SERVER_WORKERS: optional.pipe(z.coerce.number<string>().int().min(1).max(64).optional()),
  DATABASE_POOL_SIZE: optional.pipe(z.coerce.number<string>().int().min(1).max(200).optional()),
  PUBLIC_READ_CACHE_MB: optional.pipe(z.coerce.number<string>().int().min(0).max(65_536).optional()),
  STORED_FILES_CACHE_MB: optional.pipe(z.coerce.number<string>().int().min(1).max(65_536).optional()),
  TRENDING_REFRESH_SECONDS: optional.pipe(z.coerce.number<string>().int().min(1).max(86_400).optional()),
  RECOMMENDATIONS_REBUILD_SECONDS: optional.pipe(
    z.coerce.number<string>().int().min(1).max(86_400).optional(),
  ),
  NOTIFICATIONS_KEEP_READ_DAYS: optional.pipe(z.coerce.number<string>().int().min(1).max(36_500).optional()),
  NOTIFICATIONS_KEEP_DAYS: optional.pipe(z.coerce.number<string>().int().min(1).max(36_500).optional()),
  DRAIN_DELAY_MS: optional.pipe(z.coerce.number<string>().int().min(0).max(600_000).optional()),
  SHUTDOWN_TIMEOUT_MS: optional.pipe(z.coerce.number<string>().int().min(0).max(600_000).optional()),
  LOG_LEVEL: optional.pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  METRICS_TOKEN: optional.pipe(z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
  npm_package_version: optional,
});

/**
 * PostgreSQL connections per serving process. Measured on 2 cores shared with PostgreSQL: more connections
 * than this only queue inside PostgreSQL instead of in the pool (docs/performance.md).
 */
export const DEFAULT_POOL_SIZE = 10;

/** Who Open Library may write to about this server's requests, unless OPENLIBRARY_CONTACT says otherwise. */
export const DEFAULT_OPENLIBRARY_CONTACT = 'admin@shelfwise.app';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new Error(`${name} ${issue?.message ?? 'is not valid'}: ${env[name] ?? ''}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 8787;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR ?? '.data');
  const serverWorkers = e.SERVER_WORKERS ?? 1;
  if (serverWorkers > 1 && !e.DATABASE_URL) {
    throw new Error(
      `SERVER_WORKERS ${serverWorkers} needs DATABASE_URL: the embedded database is served by one process`,
    );
  }
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    publicUrl: withoutTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${port}`),
    siteUrls: e.SITE_URL.map(withoutTrailingSlash),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    jwtSigningKeys: e.JWT_SIGNING_KEYS ?? null,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY ?? null,
    openLibraryUrl: withoutTrailingSlash(e.OPENLIBRARY_URL ?? 'https://openlibrary.org'),
    openLibraryContact: e.OPENLIBRARY_CONTACT ?? DEFAULT_OPENLIBRARY_CONTACT,
    coversUrl: withoutTrailingSlash(e.COVERS_URL ?? DEFAULT_COVERS_URL),
    coversRedirectHosts: coversRedirectHosts(e.COVERS_URL, e.COVERS_REDIRECT_HOSTS),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Shelfwise <no-reply@shelfwise.local>',
    mailbox: e.MAIL_MAILBOX === '1' || (!production && e.MAIL_MAILBOX !== '0'),
    storageDir: resolve(e.STORAGE_DIR ?? resolve(dataDir, 'storage')),
    fileStorage: e.FILE_STORAGE ?? (e.DATABASE_URL ? 'database' : 'disk'),
    storedFilesCacheBytes: (e.STORED_FILES_CACHE_MB ?? 128) * 1024 * 1024,
    production,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
    googleIssuer: e.GOOGLE_ISSUER ?? 'https://accounts.google.com',
    rateLimits: parseRateLimits(e.AUTH_RATE_LIMITS),
    trustProxy: e.TRUST_PROXY === '1',
    seedDemo: e.SEED_DEMO !== '0',
    webDistDir: resolve(e.WEB_DIST_DIR ?? 'dist/web'),
    version: e.npm_package_version ?? '0.1.0',
    adminEmails: e.ADMIN_EMAILS.map((address) => address.toLowerCase()),
    serverWorkers,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    publicReadCacheBytes: (e.PUBLIC_READ_CACHE_MB ?? 32) * 1024 * 1024,
    trendingRefreshMs: (e.TRENDING_REFRESH_SECONDS ?? 300) * 1000,
    // Every 15 minutes: the item-to-item data moves slowly, and a reader's own list is refreshed on its own.
    recommendationsRebuildMs: (e.RECOMMENDATIONS_REBUILD_SECONDS ?? 900) * 1000,
    notificationsKeepReadDays: e.NOTIFICATIONS_KEEP_READ_DAYS ?? 90,
    notificationsKeepDays: e.NOTIFICATIONS_KEEP_DAYS ?? 365,
    drainDelayMs: e.DRAIN_DELAY_MS ?? 0,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 20_000,
    metricsToken: e.METRICS_TOKEN ?? null,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
}

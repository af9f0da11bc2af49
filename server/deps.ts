// What the app is built from. Tests build the same app with their own database and fixture services.
import type { GoogleOidc } from './auth/google-oidc';
import type { Keys } from './auth/keys';
import type { PublicReadCache } from './cache/public-read-cache';
import type { HeldFiles } from './storage/held-files';
import type { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config';
import type { Db } from './db/db';
import type { CatalogueImporter } from './features/catalogue/importer';
import type { JobRunner } from './jobs/job-runner';
import type { Mailer } from './mail/mailer';
import type { OpenLibraryClient } from './metadata/openlibrary';

export interface AppDeps {
  config: Config;
  db: Db;
  keys: Keys;
  catalogue: CatalogueImporter;
  /** The one Open Library client (rate limit, cache, breaker) the importer and the remote search share. */
  openLibrary: OpenLibraryClient;
  /** SMTP when configured, else the local mailbox (server/mail). Only the outbox's worker calls it. */
  mailer: Mailer;
  /** Durable background jobs (server/jobs): the mail outbox and clean-ups, run by this process's worker. */
  jobs: JobRunner;
  /** Auth rate limits, counted in the database (server/auth/rate-limiter.ts). */
  rateLimiter: RateLimiter;
  /** Google sign-in (OpenID Connect); `enabled` is false without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. */
  google: GoogleOidc;
  /**
   * Answers of the public reads kept in memory, dropped on every change the database announces (issue 19).
   * Absent: every read goes to the database, without an ETag (apps built by tests, unless they add one).
   */
  publicReads?: PublicReadCache;
  /**
   * The stored files this process served last, kept current by the database's announcements (issue 30); made
   * at start when files live in the database. Absent: stores hold files and check each by its digest.
   */
  heldFiles?: HeldFiles;
}

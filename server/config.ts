// Every setting the server reads, in one place, with its default. README.md lists the same variables.
import { resolve } from 'node:path';
import { parseRateLimits } from './auth/limits';
import type { RateLimits } from './auth/limits';

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
  openLibraryUrl: string;
  /** Where cover images come from when an edition has none of its own (Open Library's cover service). */
  coversUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** The local mailbox at /dev/mail: on unless production; MAIL_MAILBOX=1 turns it on, MAIL_MAILBOX=0 off. */
  mailbox: boolean;
  storageDir: string;
  production: boolean;
  googleClientId: string | null;
  googleClientSecret: string | null;
  googleIssuer: string;
  /** Auth rate limits per bucket (server/auth/limits.ts); AUTH_RATE_LIMITS overrides the defaults. */
  rateLimits: RateLimits;
  webDistDir: string;
  version: string;
  /**
   * ADMIN_EMAILS: accounts with these addresses (lower-cased) are admins from the moment they sign up, so an
   * operator can bootstrap the first admin, and end-to-end runs get theirs, without `npm run admin`, which
   * cannot open the embedded database while the server holds it.
   */
  adminEmails: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    publicUrl,
    siteUrls: (env.SITE_URL ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    openLibraryUrl: (env.OPENLIBRARY_URL ?? 'https://openlibrary.org').replace(/\/+$/, ''),
    coversUrl: (env.COVERS_URL ?? 'https://covers.openlibrary.org').replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Shelfwise <no-reply@shelfwise.local>',
    mailbox: env.MAIL_MAILBOX === '1' || (!production && env.MAIL_MAILBOX !== '0'),
    storageDir: resolve(env.STORAGE_DIR ?? resolve(dataDir, 'storage')),
    production,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || null,
    googleIssuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
    rateLimits: parseRateLimits(env.AUTH_RATE_LIMITS),
    webDistDir: resolve(env.WEB_DIST_DIR ?? 'dist/web'),
    version: env.npm_package_version ?? '0.1.0',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

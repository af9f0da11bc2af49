// The Shelfwise backup file (npm run backup / restore): one gzip stream of JSON lines, the same for the
// embedded database and PostgreSQL, so a backup of either restores into either (an operator moving from
// PGlite to PostgreSQL restores the embedded one's backup there). Each line is a JSON array whose first
// element names it:
//   ["header", BackupHeader]                    first line
//   ["table", TableSection]                     then that table's rows, one per line:
//   ["row", {...}]                              the row as PostgreSQL's to_jsonb wrote it, never parsed by us
//                                               (so bigints, numerics and timestamps keep every digit)
//   ["sequence", "schema.name", last_value]
//   ["file", "avatars/public/<id>.png", "<base64>"]   a stored file, whichever store held it
//   ["end", BackupTrailer]                      last line: a backup without it was cut short
// Logical rather than pg_dump's: pg_dump cannot read PGlite's data directory from outside the process, and
// its archives do not restore into PGlite; one REPEATABLE READ snapshot gives the same consistency.

export const BACKUP_FORMAT = 'shelfwise-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The database the backup was taken from. */
  source: 'pglite' | 'postgres';
  /** The latest schema migration applied there: restore builds exactly that schema before loading rows. */
  migration: number;
  /** The JWT secret generated into DATA_DIR (when JWT_SECRET was not set): sessions and TOTP seals need it. */
  jwt_secret: string | null;
}

export interface TableSection {
  schema: string;
  name: string;
  /** The columns each row carries (stored generated columns are left out: restore computes them again). */
  columns: string[];
}

export interface BackupTrailer {
  /** Rows per table ("schema.name"), so a restore can tell it loaded every row the backup holds. */
  rows: Record<string, number>;
  sequences: number;
  files: number;
}

/** A backup or restore that cannot go on, with a message for the operator (the CLI prints it, exit 1). */
export class BackupError extends Error {}

export const ROW_PREFIX = '["row",';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

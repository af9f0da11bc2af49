// `npm run backup -- <file>`: a consistent backup of the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR: stop the server first then, as only one process may open it) and its stored files, in
// one file that `npm run restore` reads (server/backup/backup-format.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { BackupError } from '../server/backup/backup-format';
import { writeBackup } from '../server/backup/write-backup';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <file>   (a new file; the database is DATABASE_URL or DATA_DIR)');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in DATA_DIR ${config.dataDir}: nothing to back up.`);
  process.exit(1);
}
try {
  const db = await openDatabase(config);
  try {
    const trailer = await writeBackup({ db, config, file });
    const rows = Object.values(trailer.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${rows} rows in ${Object.keys(trailer.rows).length} tables and ${trailer.files} files to ${file}.`,
    );
  } finally {
    await db.close();
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}

// `npm run restore -- <file>`: a backup made by `npm run backup` into an empty database (DATABASE_URL) or an
// empty DATA_DIR, whichever kind the backup came from. A target that is not empty is refused.
import { loadConfig } from '../server/config';
import { BackupError } from '../server/backup/backup-format';
import { restoreBackup } from '../server/backup/restore-backup';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run restore -- <file>   (into an empty DATABASE_URL database or an empty DATA_DIR)',
  );
  process.exit(2);
}
const config = loadConfig();
try {
  const { header, migration } = await restoreBackup({ config, file, log: (line) => console.log(line) });
  const target = config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
  console.log(
    `Restored the backup of ${header.created_at} (${header.source}, migration ${header.migration}) into ${target}; schema now at migration ${migration}.`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}

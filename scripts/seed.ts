// `npm run seed`: load the demo catalogue into the configured database (DATABASE_URL or DATA_DIR). Safe to
// run again: works already there are skipped.
import { loadConfig } from '../server/config';
import { openDatabase, prepareDatabase } from '../server/bootstrap';

const config = loadConfig();
const db = await openDatabase(config);
try {
  const { version, seeded } = await prepareDatabase(db);
  console.log(`Migration ${version}; ${seeded} demo works added (works already present were skipped).`);
} finally {
  await db.close();
}

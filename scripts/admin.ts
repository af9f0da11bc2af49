// `npm run admin -- grant <email>` / `revoke <email>`: sets or clears an account's is_admin flag in the
// database the server uses (DATABASE_URL, else the embedded database in DATA_DIR). With the embedded
// database, stop the server first: only one process may open it at a time.
import { openDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { ADMIN_USAGE, parseAdminArgs, runAdminCommand } from '../server/features/profiles/admin-flag';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(ADMIN_USAGE);
  process.exit(0);
}
// Bad usage is answered before the database is opened.
if (!parseAdminArgs(args)) {
  console.error(ADMIN_USAGE);
  process.exit(2);
}

const db = await openDatabase(loadConfig());
let code = 1;
try {
  await migrate(db);
  const result = await runAdminCommand(db, args);
  (result.code === 0 ? console.log : console.error)(result.message);
  code = result.code;
} catch (err) {
  console.error(`admin failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await db.close();
}
process.exit(code);

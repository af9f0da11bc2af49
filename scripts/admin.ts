// `npm run admin -- grant <email>` / `revoke <email>`: sets or clears an account's is_admin flag in the
// database the server uses (DATABASE_URL, else the embedded database in DATA_DIR). With the embedded
// database, stop the server first: only one process may open it at a time.
// `rotate-signing-key`: a new key signs access tokens (server/auth/signing-keys); `new-signing-key` prints a
// private JWK for JWT_SIGNING_KEYS and touches nothing.
import { openDatabase } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import {
  isSigningKeyCommand,
  newSigningKeyJwk,
  rotateStoredSigningKey,
} from '../server/auth/signing-keys/signing-key-commands';
import { ADMIN_USAGE, parseAdminArgs, runAdminCommand } from '../server/features/profiles/admin-flag';

const USAGE = `${ADMIN_USAGE} | rotate-signing-key | new-signing-key`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
// Bad usage is answered before the database is opened.
if (!parseAdminArgs(args) && !isSigningKeyCommand(args)) {
  console.error(USAGE);
  process.exit(2);
}
if (args[0] === 'new-signing-key') {
  console.log(await newSigningKeyJwk());
  process.exit(0);
}

const config = loadConfig();
const db = await openDatabase(config);
let code = 1;
try {
  await migrate(db);
  const result = isSigningKeyCommand(args)
    ? await rotateStoredSigningKey(db, config)
    : await runAdminCommand(db, args);
  (result.code === 0 ? console.log : console.error)(result.message);
  code = result.code;
} catch (err) {
  console.error(`admin failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await db.close();
}
process.exit(code);

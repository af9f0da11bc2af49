// Runs the database suites again on real PostgreSQL when DATABASE_URL is set (CI sets it); each test file
// gets a throw-away database there. Without it, says so plainly instead of passing silently.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the PostgreSQL run of the database suites is skipped.');
  console.log('Set DATABASE_URL=postgres://user@host:5432/db to run them (the PGlite run already passed).');
  process.exit(0);
}
console.log(`Running the database suites on PostgreSQL (${new URL(process.env.DATABASE_URL).host})`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'node', '--project', 'integration'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);

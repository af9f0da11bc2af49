import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

// The same node and integration suites run twice: on PGlite (test:unit) and on the PostgreSQL at DATABASE_URL
// (test:pg). A few files belong to one pass only: the pool's own tests and several serving processes
// (SERVER_WORKERS) and a backup moved between the two kinds need that PostgreSQL, and the outage tests bring a
// throw-away cluster of their own and the backup commands run on an embedded DATA_DIR, so they run once, in
// the PGlite pass.
const onPostgres = Boolean(process.env.DATABASE_URL);
const HOSTILE_COSTS = ['tests/hostile/import-costs.test.ts'];
const postgresOnly = onPostgres ? [] : ['server/db/postgres.test.ts'];
const postgresPassOnly = onPostgres
  ? []
  : [
      'tests/integration/server-workers.test.ts',
      'tests/integration/two-instances.test.ts',
      'tests/integration/backup-across-databases.test.ts',
    ];
const pglitePassOnly = onPostgres
  ? [
      'tests/integration/database-outage.test.ts',
      'tests/integration/public-read-cache-outage.test.ts',
      'tests/integration/backup-commands.test.ts',
    ]
  : [];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'electron/**/*.test.ts',
          ],
          // The real OS keychain test runs in its own project, inside a D-Bus session with a keyring.
          exclude: ['**/node_modules/**', '**/*.keytar.test.ts', ...postgresOnly],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...pglitePassOnly, ...postgresPassOnly],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Generated hostile input and the authorization matrix (issue 13 §10), in one process on PGlite.
          name: 'hostile',
          environment: 'node',
          include: ['tests/hostile/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...HOSTILE_COSTS],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          // What hostile imports cost a server (memory, event-loop stalls, another reader's latency) is
          // measured with nothing else of the suite running beside it: after the hostile project, alone.
          name: 'hostile-costs',
          environment: 'node',
          include: HOSTILE_COSTS,
          testTimeout: 300_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['electron/**/*.keytar.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/src/testing/setup.ts'],
          // Whole-app mounts load lazy routes; on a busy 2-core machine the first one takes seconds.
          testTimeout: 30_000,
        },
      },
    ],
  },
});

// Command-line options of `npm run bench`, with the defaults of the issue 9 benchmark.
import { parseArgs } from 'node:util';
import type { DbKind } from './bench-database';

export interface BenchOptions {
  kinds: DbKind[];
  /** Synthetic works on PostgreSQL. */
  works: number;
  /** Synthetic works on PGlite (the same million by default; it loads in about 4 minutes). */
  pgliteWorks: number;
  /** Readers; 0 picks one per 1,000 works (at least 100, at most 2,000). */
  users: number;
  postgresUrl: string;
  concurrency: number[];
  /** Seconds per endpoint and concurrency level through the API, and straight against the database. */
  duration: number;
  dbDuration: number;
  web: boolean;
  api: boolean;
  /** The sustained-load run: the mixed workload at this many connections (0: none) for loadDuration s. */
  loadConnections: number;
  loadDuration: number;
  /** Only scenarios whose name contains this text. */
  only: string | null;
  /** Extra environment for the server under test (e.g. PUBLIC_READ_CACHE_MB=0 to measure without it). */
  serverEnv: Record<string, string>;
  outDir: string;
  /** Works in the Open Library dump-load run (issue 26; 0: none). */
  catalogueWorks: number;
  /** Only the Lighthouse audit of the mobile web app (issue 29), on its own small server. */
  lighthouse: boolean;
  /** Only the community figures (issue 27): no catalogue, no web, no import. */
  socialOnly: boolean;
}

const HELP = `npm run bench -- [options]
  --works N          synthetic works on PostgreSQL (default 1000000)
  --pglite-works N   synthetic works on PGlite (default 1000000)
  --users N          readers (default: works / 1000, 100..2000)
  --db KINDS         pglite,postgres (default both)
  --postgres URL     server to create the bench_* database on (default $BENCH_POSTGRES_URL or
                     postgres://postgres@127.0.0.1:5432/postgres)
  --concurrency LIST clients per level (default 1,4,16)
  --duration S       seconds per endpoint and level through the API (default 5)
  --db-duration S    seconds per endpoint and level straight against the database (default 3)
  --load-connections N  the mixed workload once more at N connections, with the server's memory
                     (default 200; 0 skips it)
  --load-duration S  seconds of that run (default 60)
  --only TEXT        only the scenarios whose name contains TEXT
  --server-env LIST  KEY=VALUE,... for the server under test (e.g. PUBLIC_READ_CACHE_MB=0)
  --no-web           skip the web bundle and page-load figures
  --web-only         only the web figures (on a PostgreSQL catalogue of --works)
  --out DIR          where the Markdown report goes (default bench/results)
  --catalogue-works N  works in the Open Library dump load timed on PostgreSQL (default 1000000; 0 skips)
  --lighthouse       only Lighthouse (mobile profile) on the production build, the demo catalogue on PGlite
  --social-only      only the community figures (issue 27), at each --concurrency level, on the first of --db`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      works: { type: 'string', default: '1000000' },
      'pglite-works': { type: 'string', default: '1000000' },
      users: { type: 'string', default: '0' },
      db: { type: 'string', default: 'pglite,postgres' },
      postgres: {
        type: 'string',
        default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      concurrency: { type: 'string', default: '1,4,16' },
      duration: { type: 'string', default: '5' },
      'db-duration': { type: 'string', default: '3' },
      'load-connections': { type: 'string', default: '200' },
      'load-duration': { type: 'string', default: '60' },
      only: { type: 'string' },
      'server-env': { type: 'string', default: '' },
      'no-web': { type: 'boolean', default: false },
      'web-only': { type: 'boolean', default: false },
      out: { type: 'string', default: 'bench/results' },
      'catalogue-works': { type: 'string', default: '1000000' },
      lighthouse: { type: 'boolean', default: false },
      'social-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const count = (name: string, text: string) => {
    const n = Number(text.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
    return n;
  };
  const kinds = values.db.split(',').map((k) => k.trim());
  for (const k of kinds) if (k !== 'pglite' && k !== 'postgres') throw new Error(`--db: unknown kind ${k}`);
  return {
    kinds: values['web-only'] ? ['postgres'] : (kinds as DbKind[]),
    works: count('works', values.works),
    pgliteWorks: count('pglite-works', values['pglite-works']),
    users: count('users', values.users),
    postgresUrl: values.postgres,
    concurrency: values.concurrency.split(',').map((c) => count('concurrency', c)),
    duration: Number(values.duration),
    dbDuration: Number(values['db-duration']),
    web: !values['no-web'],
    api: !values['web-only'],
    loadConnections: count('load-connections', values['load-connections']),
    loadDuration: count('load-duration', values['load-duration']),
    only: values.only ?? null,
    serverEnv: Object.fromEntries(
      values['server-env']
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          if (at < 1) throw new Error(`--server-env: ${pair} is not KEY=VALUE`);
          return [pair.slice(0, at), pair.slice(at + 1)];
        }),
    ),
    outDir: values.out,
    catalogueWorks: count('catalogue-works', values['catalogue-works']),
    lighthouse: values.lighthouse,
    socialOnly: values['social-only'],
  };
}

export const usersFor = (options: BenchOptions, works: number) =>
  options.users > 0 ? options.users : Math.min(2000, Math.max(100, Math.round(works / 1000)));

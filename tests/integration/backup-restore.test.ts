// npm run backup / restore (issue 30): a reader's whole library, journals, reviews, avatar and import come
// back exactly, into an empty embedded database or PostgreSQL, from either kind; a backup taken while writes
// run holds a consistent snapshot; a target that is not empty, or a cut-short backup, changes nothing.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/db';
import { relationsInDatabase } from '../../server/backup/database-catalog';
import { restoreBackup } from '../../server/backup/restore-backup';
import { writeBackup } from '../../server/backup/write-backup';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { registerConfirmed } from '../support/auth-flows';
import { storedFileFingerprint, tableFingerprint } from '../support/database-fingerprint';
import { fixture, importAndWait } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startServerProcess } from '../support/server-process';
import { TEST_SECRET } from '../support/test-app';
import { createThrowawayDatabase, testDatabaseKind } from '../support/test-db';
import { pngImage } from '../support/test-images';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const onPostgres = testDatabaseKind === 'postgres';
const run = promisify(execFile);

let s: TestServer;
let work: string;
let reader: Reader & { email: string; password: string };
let avatar: Buffer;
const JOURNAL = 'Began on the *night train*.';
/** What the reader's screens ask for: their answers must be the same from the restored server. */
const readerCalls = (): [string, unknown][] => [
  ['reading-events', { work_id: work }],
  ['work-reviews', { work_id: work }],
  ['list-imports', {}],
  ['list-reading-logs', {}],
  ['list-shelves', {}],
];
const answersBefore: Record<string, any> = {};
let source: Pick<Config, 'dataDir' | 'jwtSecret' | 'fileStorage' | 'storageDir'>;
const cleanups: (() => Promise<unknown>)[] = [];

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'shelfwise-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

/** A restore target of each kind, not yet created, with the configuration a server would run it with. */
async function embeddedTarget() {
  const dataDir = join(await tempDir(), 'data');
  return {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }),
    jwtSecret: new TextDecoder().decode(TEST_SECRET),
  };
}
async function postgresTarget() {
  const database = await createThrowawayDatabase(process.env.DATABASE_URL!, 'sf_restore');
  cleanups.push(() => database.drop());
  return {
    ...loadConfig({ DATABASE_URL: database.url, DATA_DIR: await tempDir(), NODE_ENV: 'test' }),
    jwtSecret: new TextDecoder().decode(TEST_SECRET),
    databasePoolSize: 2,
  };
}

async function fingerprintOf(db: Db, config: Pick<Config, 'fileStorage' | 'storageDir'>) {
  return { tables: await tableFingerprint(db), files: await storedFileFingerprint(db, config) };
}

async function restoredFingerprint(config: Config) {
  const db = await openDatabase(config);
  try {
    return await fingerprintOf(db, config);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  const storageDir = await tempDir();
  s = await startTestServer({
    config: { storageDir, fileStorage: onPostgres ? 'database' : 'disk' },
  });
  source = s.t.deps.config;
  await seedCatalogue(s.t.deps.db, sampleCatalogue);

  const reg = await registerConfirmed(s);
  const { data, error } = await s
    .client()
    .auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  reader = { id: data.user!.id, token: data.session!.access_token, email: reg.email, password: reg.password };

  const imported = await importAndWait(s, reader, fixture('goodreads-24.csv'));
  expect(imported.state).toBe('done');
  const [edition] = await s.t.deps.db.query<{ id: string; work_id: string }>(
    'select id, work_id from public.editions order by isbn limit 1',
  );
  work = edition!.work_id;
  const logged = await s.sf(
    'log-progress-event',
    {
      work_id: work,
      edition_id: edition!.id,
      event_type: 'start',
      journal_md: JOURNAL,
    },
    reader.token,
  );
  expect(logged.status, JSON.stringify(logged.body)).toBe(200);
  const reviewed = await s.sf(
    'submit-review',
    { work_id: work, rating: 4, headline: 'Restored word for word', review_body: 'Kept by the backup.' },
    reader.token,
  );
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);

  avatar = await pngImage(64, 64);
  const uploaded = await fetch(`${s.url}/storage/v1/object/avatars/public/${reader.id}.png`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}`, apikey: s.anonKey, 'content-type': 'image/png' },
    body: new Uint8Array(avatar),
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const served = await fetch(`${s.url}/storage/v1/object/public/avatars/public/${reader.id}.png`);
  avatar = Buffer.from(await served.arrayBuffer()); // the re-encoded image the server keeps
  for (const [name, body] of readerCalls()) {
    const answer = await s.sf(name, body, reader.token);
    expect(answer.status, name).toBe(200);
    answersBefore[name] = answer.body;
  }
}, 300_000);

afterAll(async () => {
  await s?.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe(`a backup of ${testDatabaseKind}`, () => {
  let file: string;
  let original: Awaited<ReturnType<typeof fingerprintOf>>;
  let restored: Config;

  beforeAll(async () => {
    file = join(await tempDir(), 'shelfwise.backup');
    original = await fingerprintOf(s.t.deps.db, source);
    const trailer = await writeBackup({ db: s.t.deps.db, config: source, file });
    expect(trailer.files).toBe(1);
    expect(trailer.rows['public.reading_progress_events']).toBeGreaterThan(0);
  }, 300_000);

  it('restores every table and file exactly into an empty database of the same kind', async () => {
    restored = onPostgres ? await postgresTarget() : await embeddedTarget();
    await restoreBackup({ config: restored, file });
    const back = await restoredFingerprint(restored);
    expect(back.tables).toEqual(original.tables);
    expect(back.files).toEqual(original.files);
    expect(Object.keys(back.files)).toEqual([`avatars/public/${reader.id}.png`]);
    const db = await openDatabase(restored);
    try {
      const journals = await db.query(
        "select 1 from public.reading_progress_events where user_id = $1 and journal_md like '%night train%'",
        [reader.id],
      );
      expect(journals).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 420_000);

  it('gives a database the server starts on: the reader signs in and finds journal, review, import and avatar', async () => {
    const server = await startServerProcess({
      ...(restored.databaseUrl ? { DATABASE_URL: restored.databaseUrl } : { DATABASE_URL: undefined }),
      DATA_DIR: restored.dataDir,
      FILE_STORAGE: restored.fileStorage,
      JWT_SECRET: restored.jwtSecret!,
    });
    try {
      const token = await signIn(server.url, server.anonKey);
      const sf = async (name: string, body: unknown) => {
        const res = await fetch(`${server.url}/sf/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status, name).toBe(200);
        return (await res.json()) as any;
      };
      // The reader's own screens answer as they did before the backup, field for field.
      for (const [name, body] of readerCalls()) {
        // Cover addresses carry the answering server's own origin.
        const expected = JSON.parse(JSON.stringify(answersBefore[name]).replaceAll(s.url, server.url));
        expect(await sf(name, body), name).toEqual(expected);
      }
      const served = await fetch(`${server.url}/storage/v1/object/public/avatars/public/${reader.id}.png`);
      expect(Buffer.from(await served.arrayBuffer()).equals(avatar)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 420_000);

  it('never writes over an existing file', async () => {
    await expect(writeBackup({ db: s.t.deps.db, config: source, file })).rejects.toThrow(
      `${file} already exists: choose a new file name.`,
    );
  });

  it('refuses a target that is not empty, and changes nothing there', async () => {
    const before = await restoredFingerprint(restored);
    await expect(restoreBackup({ config: restored, file })).rejects.toThrow(/is not empty/);
    expect(await restoredFingerprint(restored)).toEqual(before);
  }, 300_000);

  it('refuses a backup cut short, leaving the target empty', async () => {
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = join(await tempDir(), 'cut.backup');
    await writeFile(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const target = onPostgres ? await postgresTarget() : await embeddedTarget();
    await expect(restoreBackup({ config: target, file: cut })).rejects.toThrow(/ends early/);
    if (target.databaseUrl) {
      const db = await openDatabase(target);
      expect(await relationsInDatabase(db)).toBe(0);
      await db.close();
    }
    // The same target takes the whole backup afterwards: the failed attempt left it empty.
    await restoreBackup({ config: target, file });
    expect((await restoredFingerprint(target)).tables).toEqual(original.tables);
  }, 420_000);

  it.runIf(onPostgres)(
    'moves between PostgreSQL and the embedded database both ways',
    async () => {
      const embedded = await embeddedTarget();
      await restoreBackup({ config: embedded, file });
      expect(await restoredFingerprint(embedded)).toEqual(original);

      const again = join(await tempDir(), 'from-embedded.backup');
      const db = await openDatabase(embedded);
      await writeBackup({ db, config: embedded, file: again });
      await db.close();
      const postgres = await postgresTarget();
      await restoreBackup({ config: postgres, file: again });
      expect(await restoredFingerprint(postgres)).toEqual(original);
    },
    240_000,
  );
});

describe('a backup taken while writes run', () => {
  it('holds each transaction wholly or not at all, and restores it so', async () => {
    // Each transaction writes a shelf and the one book on it: the backup must never hold one without the other.
    const db = s.t.deps.db;
    const [book] = await db.query<{ edition_id: string; work_id: string }>(
      'select id as edition_id, work_id from public.editions order by isbn limit 1',
    );
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const n = written + 1;
        await db.transaction(async (tx) => {
          const [shelf] = await tx.query<{ id: string }>(
            `insert into public.shelves (user_id, name) values ($1, $2) returning id`,
            [reader.id, `pair ${n}`],
          );
          await tx.query(
            `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key) values ($1, $2, $3, 'a0')`,
            [shelf!.id, book!.edition_id, book!.work_id],
          );
        });
        written = n;
      }
    })();
    try {
      while (written < 5) await new Promise((resolve) => setTimeout(resolve, 10));
      const before = written;
      const file = join(await tempDir(), 'busy.backup');
      await writeBackup({ db, config: source, file });
      const after = written;
      writing = false;
      await writer;
      // PostgreSQL commits the writer's transactions beside the backup's snapshot; the embedded database runs
      // one transaction at a time, so there the writes wait for the backup and only consistency is in question.
      if (onPostgres)
        expect(after, 'the writer kept committing while the backup ran').toBeGreaterThan(before);

      const target = onPostgres ? await postgresTarget() : await embeddedTarget();
      await restoreBackup({ config: target, file });
      const restoredDb = await openDatabase(target);
      try {
        const pairs = await restoredDb.query<{ name: string; items: number }>(
          `select sh.name, (select count(*)::int from public.shelf_items si where si.shelf_id = sh.id) as items
             from public.shelves sh where sh.name like 'pair %'`,
        );
        const orphans = await restoredDb.query(
          `select 1 from public.shelf_items si where not exists (select 1 from public.shelves sh where sh.id = si.shelf_id)`,
        );
        expect(orphans).toEqual([]);
        expect(pairs.every((p) => p.items === 1)).toBe(true);
        // A prefix of the writes: every pair up to some point, none after it.
        const numbers = pairs.map((p) => Number(p.name.slice(5))).sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
        expect(numbers.length).toBeGreaterThanOrEqual(before);
        expect(numbers.length).toBeLessThanOrEqual(after);
      } finally {
        await restoredDb.close();
      }
    } finally {
      writing = false;
      await writer;
    }
  }, 420_000);
});

describe('the commands', () => {
  it.runIf(!onPostgres)(
    'npm run backup and npm run restore, and restore refuses a data directory in use',
    async () => {
      const dir = await tempDir();
      const restoredDir = join(dir, 'restored');
      const first = join(dir, 'first.backup');
      await writeBackup({ db: s.t.deps.db, config: source, file: first });
      await restoreBackup({
        config: {
          ...(await embeddedTarget()),
          dataDir: restoredDir,
          storageDir: join(restoredDir, 'storage'),
        },
        file: first,
      });

      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: restoredDir,
        JWT_SECRET: new TextDecoder().decode(TEST_SECRET),
      };
      delete env.DATABASE_URL;
      const second = join(dir, 'second.backup');
      const backedUp = await run('npx', ['tsx', 'scripts/backup.ts', second], { env });
      expect(backedUp.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 1 files to /);
      await expect(run('npx', ['tsx', 'scripts/restore.ts', second], { env })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`DATA_DIR ${restoredDir} is not empty`),
      });
      const fresh = join(dir, 'fresh');
      const restoredRun = await run('npx', ['tsx', 'scripts/restore.ts', second], {
        env: { ...env, DATA_DIR: fresh },
      });
      expect(restoredRun.stdout).toContain(`into DATA_DIR ${fresh}`);
    },
    240_000,
  );
});

async function signIn(url: string, anonKey: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: reader.email, password: reader.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

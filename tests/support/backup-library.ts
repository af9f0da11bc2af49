// What the backup suites share (issue 30): a server holding one reader's library (an import, a journal, a
// review and an avatar), the answers their screens got before any backup, and throw-away restore targets of
// each kind, removed when the suite ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/db';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { registerConfirmed } from './auth-flows';
import { storedFileFingerprint, tableFingerprint } from './database-fingerprint';
import { fixture, importAndWait } from './import-flows';
import type { Reader } from './import-flows';
import { TEST_SECRET } from './test-app';
import { createThrowawayDatabase, testDatabaseKind } from './test-db';
import { pngImage } from './test-images';
import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

export const JOURNAL = 'Began on the *night train*.';
export type BackupSource = Pick<Config, 'dataDir' | 'jwtSecret' | 'fileStorage' | 'storageDir'>;

export interface BackedUpLibrary {
  s: TestServer;
  source: BackupSource;
  reader: Reader & { email: string; password: string };
  work: string;
  /** The avatar as the server keeps it (re-encoded on upload). */
  avatar: Buffer;
  /** What the reader's screens ask for: their answers must be the same from a restored server. */
  readerCalls: () => [string, unknown][];
  answersBefore: Record<string, unknown>;
}

/** Temporary directories and databases a suite makes, each removed by `cleanup`. */
export function backupScratch() {
  const cleanups: (() => Promise<unknown>)[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shelfwise-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  return {
    tempDir,
    /** An embedded restore target, not yet created, with the configuration a server would run it with. */
    async embeddedTarget(): Promise<Config> {
      const dataDir = join(await tempDir(), 'data');
      return {
        ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }),
        jwtSecret: new TextDecoder().decode(TEST_SECRET),
      };
    },
    /** An empty PostgreSQL database beside DATABASE_URL's, as a restore target. */
    async postgresTarget(): Promise<Config> {
      const database = await createThrowawayDatabase(process.env.DATABASE_URL!, 'sf_restore');
      cleanups.push(() => database.drop());
      return {
        ...loadConfig({ DATABASE_URL: database.url, DATA_DIR: await tempDir(), NODE_ENV: 'test' }),
        jwtSecret: new TextDecoder().decode(TEST_SECRET),
        databasePoolSize: 2,
      };
    },
    async cleanup() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}
export type BackupScratch = ReturnType<typeof backupScratch>;

export async function fingerprintOf(db: Db, config: Pick<Config, 'fileStorage' | 'storageDir'>) {
  return { tables: await tableFingerprint(db), files: await storedFileFingerprint(db, config) };
}
export type Fingerprint = Awaited<ReturnType<typeof fingerprintOf>>;

export async function restoredFingerprint(config: Config): Promise<Fingerprint> {
  const db = await openDatabase(config);
  try {
    return await fingerprintOf(db, config);
  } finally {
    await db.close();
  }
}

/** A server on the suite's database kind, with one reader's whole library in it. */
export async function startLibraryToBackUp(scratch: BackupScratch): Promise<BackedUpLibrary> {
  const storageDir = await scratch.tempDir();
  const s = await startTestServer({
    config: { storageDir, fileStorage: testDatabaseKind === 'postgres' ? 'database' : 'disk' },
  });
  await seedCatalogue(s.t.deps.db, sampleCatalogue);

  const reg = await registerConfirmed(s);
  const { data, error } = await s
    .client()
    .auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  const reader = {
    id: data.user!.id,
    token: data.session!.access_token,
    email: reg.email,
    password: reg.password,
  };

  const imported = await importAndWait(s, reader, fixture('goodreads-24.csv'));
  expect(imported.state).toBe('done');
  const [edition] = await s.t.deps.db.query<{ id: string; work_id: string }>(
    'select id, work_id from public.editions order by isbn limit 1',
  );
  const work = edition!.work_id;
  const logged = await s.sf(
    'log-progress-event',
    { work_id: work, edition_id: edition!.id, event_type: 'start', journal_md: JOURNAL },
    reader.token,
  );
  expect(logged.status, JSON.stringify(logged.body)).toBe(200);
  const reviewed = await s.sf(
    'submit-review',
    { work_id: work, rating: 4, headline: 'Restored word for word', review_body: 'Kept by the backup.' },
    reader.token,
  );
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);

  const uploaded = await fetch(`${s.url}/storage/v1/object/avatars/public/${reader.id}.png`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}`, apikey: s.anonKey, 'content-type': 'image/png' },
    body: new Uint8Array(await pngImage(64, 64)),
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const served = await fetch(`${s.url}/storage/v1/object/public/avatars/public/${reader.id}.png`);
  const avatar = Buffer.from(await served.arrayBuffer());

  const readerCalls = (): [string, unknown][] => [
    ['reading-events', { work_id: work }],
    ['work-reviews', { work_id: work }],
    ['list-imports', {}],
    ['list-reading-logs', {}],
    ['list-shelves', {}],
  ];
  const answersBefore: Record<string, unknown> = {};
  for (const [name, body] of readerCalls()) {
    const answer = await s.sf(name, body, reader.token);
    expect(answer.status, name).toBe(200);
    answersBefore[name] = answer.body;
  }
  return { s, source: s.t.deps.config, reader, work, avatar, readerCalls, answersBefore };
}

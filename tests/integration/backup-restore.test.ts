// npm run backup / restore (issue 30): a reader's whole library, journals, reviews, avatar and import come
// back exactly, into an empty database of the suite's kind; a backup taken while writes run holds a consistent
// snapshot; a target that is not empty, or a cut-short backup, changes nothing. Moving between the kinds is
// backup-across-databases.test.ts; the commands themselves are backup-commands.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/bootstrap';
import type { Config } from '../../server/config';
import { relationsInDatabase } from '../../server/backup/database-catalog';
import { restoreBackup } from '../../server/backup/restore-backup';
import { writeBackup } from '../../server/backup/write-backup';
import {
  backupScratch,
  fingerprintOf,
  restoredFingerprint,
  startLibraryToBackUp,
} from '../support/backup-library';
import type { BackedUpLibrary, Fingerprint } from '../support/backup-library';
import { startServerProcess } from '../support/server-process';
import { testDatabaseKind } from '../support/test-db';

const onPostgres = testDatabaseKind === 'postgres';
const scratch = backupScratch();
const { tempDir } = scratch;
const newTarget = () => (onPostgres ? scratch.postgresTarget() : scratch.embeddedTarget());
let library: BackedUpLibrary;

beforeAll(async () => {
  library = await startLibraryToBackUp(scratch);
}, 300_000);

afterAll(async () => {
  await library?.s.close();
  await scratch.cleanup();
});

describe(`a backup of ${testDatabaseKind}`, () => {
  let file: string;
  let original: Fingerprint;
  let restored: Config;

  beforeAll(async () => {
    file = join(await tempDir(), 'shelfwise.backup');
    original = await fingerprintOf(library.s.t.deps.db, library.source);
    const trailer = await writeBackup({ db: library.s.t.deps.db, config: library.source, file });
    expect(trailer.files).toBe(1);
    expect(trailer.rows['public.reading_progress_events']).toBeGreaterThan(0);
  }, 300_000);

  it('restores every table and file exactly into an empty database of the same kind', async () => {
    restored = await newTarget();
    await restoreBackup({ config: restored, file });
    const back = await restoredFingerprint(restored);
    expect(back.tables).toEqual(original.tables);
    expect(back.files).toEqual(original.files);
    expect(Object.keys(back.files)).toEqual([`avatars/public/${library.reader.id}.png`]);
    const db = await openDatabase(restored);
    try {
      const journals = await db.query(
        "select 1 from public.reading_progress_events where user_id = $1 and journal_md like '%night train%'",
        [library.reader.id],
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
      for (const [name, body] of library.readerCalls()) {
        // Cover addresses carry the answering server's own origin.
        const expected = JSON.parse(
          JSON.stringify(library.answersBefore[name]).replaceAll(library.s.url, server.url),
        );
        expect(await sf(name, body), name).toEqual(expected);
      }
      const served = await fetch(
        `${server.url}/storage/v1/object/public/avatars/public/${library.reader.id}.png`,
      );
      expect(Buffer.from(await served.arrayBuffer()).equals(library.avatar)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 420_000);

  it('never writes over an existing file', async () => {
    await expect(writeBackup({ db: library.s.t.deps.db, config: library.source, file })).rejects.toThrow(
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
    const target = await newTarget();
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
});

describe('a backup taken while writes run', () => {
  it('holds each transaction wholly or not at all, and restores it so', async () => {
    // Each transaction writes a shelf and the one book on it: the backup must never hold one without the other.
    const db = library.s.t.deps.db;
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
            [library.reader.id, `pair ${n}`],
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
      await writeBackup({ db, config: library.source, file });
      const after = written;
      writing = false;
      await writer;
      // PostgreSQL commits the writer's transactions beside the backup's snapshot; the embedded database runs
      // one transaction at a time, so there the writes wait for the backup and only consistency is in question.
      if (onPostgres)
        expect(after, 'the writer kept committing while the backup ran').toBeGreaterThan(before);

      const target = await newTarget();
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

async function signIn(url: string, anonKey: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: library.reader.email, password: library.reader.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import { readCoverFile } from '../covers/cover-files';
import { readAvatar, writeAvatar } from './avatar-files';
import { databaseFileStore } from './database-file-store';
import { moveFilesToDatabase } from './move-files-to-database';

let t: TestDb;
let storageDir: string;
beforeAll(async () => {
  t = await openTestDb();
  storageDir = await mkdtemp(join(tmpdir(), 'move-files-'));
});
afterAll(async () => {
  await t.drop();
  await rm(storageDir, { recursive: true, force: true });
});

const ALICE = '0b6a3f57-1f0a-4c59-9b0e-6a0d1f0b2c01';
const BOB = '0b6a3f57-1f0a-4c59-9b0e-6a0d1f0b2c02';
const HASH = '0123456789abcdef0123456789abcdef';

describe('moveFilesToDatabase', () => {
  it('moves avatars and covers off the disk once, keeps newer rows, and leaves foreign files alone', async () => {
    await mkdir(join(storageDir, 'avatars', 'public'), { recursive: true });
    await mkdir(join(storageDir, 'covers'), { recursive: true });
    await writeFile(join(storageDir, 'avatars', 'public', `${ALICE}.png`), 'alice on disk');
    await writeFile(join(storageDir, 'avatars', 'public', `${BOB}.png`), 'bob, stale');
    await writeFile(join(storageDir, 'avatars', 'public', 'notes.txt'), 'not ours');
    await writeFile(join(storageDir, 'covers', `${HASH}-thumb.webp`), 'a thumbnail');
    await writeFile(join(storageDir, 'covers', `${HASH}-thumb.webp.1234.tmp`), 'half written');
    const files = databaseFileStore(t.db);
    // Bob uploaded a new avatar through another instance before this one started.
    await writeAvatar(files, BOB, Buffer.from('bob, newer'));

    expect(await moveFilesToDatabase(t.db, storageDir)).toBe(3);
    expect((await readAvatar(files, ALICE))?.toString()).toBe('alice on disk');
    expect((await readAvatar(files, BOB))?.toString()).toBe('bob, newer');
    expect((await readCoverFile(files, HASH, 'thumb'))?.toString()).toBe('a thumbnail');
    expect(await readdir(join(storageDir, 'avatars', 'public'))).toEqual(['notes.txt']);
    expect(await readdir(join(storageDir, 'covers'))).toEqual([`${HASH}-thumb.webp.1234.tmp`]);

    expect(await moveFilesToDatabase(t.db, storageDir)).toBe(0);
  });

  it('has nothing to move from a data directory without files', async () => {
    expect(await moveFilesToDatabase(t.db, join(storageDir, 'never-made'))).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import { databaseFileStore } from './database-file-store';
import { newHeldFiles } from './held-files';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.drop());

describe('databaseFileStore', () => {
  it('stores, replaces and removes files byte for byte', async () => {
    const files = databaseFileStore(t.db);
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(await files.read('covers/a-thumb.webp')).toBeNull();
    await files.write('covers/a-thumb.webp', bytes);
    expect(Buffer.compare((await files.read('covers/a-thumb.webp'))!, Buffer.from(bytes))).toBe(0);
    await files.write('covers/a-thumb.webp', Buffer.from('replaced'));
    expect((await files.read('covers/a-thumb.webp'))?.toString()).toBe('replaced');
    expect(await files.remove('covers/a-thumb.webp')).toBe(true);
    expect(await files.remove('covers/a-thumb.webp')).toBe(false);
    expect(await files.read('covers/a-thumb.webp')).toBeNull();
  });

  it('refuses paths that are not ours before touching the table', async () => {
    const files = databaseFileStore(t.db);
    for (const path of ['../etc/passwd', 'covers/../x', '/covers/a.webp', 'covers/', 'Covers/a.webp']) {
      await expect(files.write(path, Buffer.from('x'))).rejects.toThrow('Not a stored file path');
    }
    expect(await t.db.query('select 1 from public.stored_files')).toHaveLength(0);
  });

  it('serves what another instance replaced or removed, never the copy it holds in memory', async () => {
    const first = databaseFileStore(t.db, newHeldFiles());
    const second = databaseFileStore(t.db, newHeldFiles());
    await first.write('avatars/public/x.png', Buffer.from('version one'));
    expect((await second.read('avatars/public/x.png'))?.toString()).toBe('version one');
    expect((await second.read('avatars/public/x.png'))?.toString()).toBe('version one');
    await first.write('avatars/public/x.png', Buffer.from('version two'));
    expect((await second.read('avatars/public/x.png'))?.toString()).toBe('version two');
    await first.remove('avatars/public/x.png');
    expect(await second.read('avatars/public/x.png')).toBeNull();
  });

  it('serves a content-addressed file it holds without asking the database again', async () => {
    const files = databaseFileStore(t.db, newHeldFiles());
    await files.write('covers/b-card.webp', Buffer.from('a cover'));
    expect((await files.read('covers/b-card.webp', { immutable: true }))?.toString()).toBe('a cover');
    await t.db.query(`delete from public.stored_files where path = 'covers/b-card.webp'`);
    expect((await files.read('covers/b-card.webp', { immutable: true }))?.toString()).toBe('a cover');
    expect(await files.read('covers/b-card.webp')).toBeNull();
  });
});

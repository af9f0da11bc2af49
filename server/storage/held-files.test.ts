// Files held in memory by instances that hear the database's announcements (migration 0196): a held avatar is
// served without a round trip, and a file changed by any writer (another instance, plain SQL) is never served
// stale; without announcements every read asks for the digest again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import type { Queryable } from '../db/db';
import { databaseFileStore } from './database-file-store';
import { startHeldFiles } from './held-files';
import type { HeldFiles } from './held-files';

let t: TestDb;
const started: HeldFiles[] = [];
beforeAll(async () => {
  t = await openTestDb();
});
afterEach(async () => {
  for (const held of started.splice(0)) await held.close();
});
afterAll(() => t.drop());

/** An instance: its own memory on the shared database, and a count of the statements its store sent. */
async function instance() {
  const held = await startHeldFiles(t.db);
  started.push(held);
  const sent = { statements: 0 };
  const counted: Queryable = {
    query: (sql, params) => {
      sent.statements++;
      return t.db.query(sql, params);
    },
    exec: (sql) => t.db.exec(sql),
  };
  return { files: databaseFileStore(counted, held), held, sent };
}

const text = (bytes: Buffer | null) => bytes?.toString() ?? null;

describe('held files', () => {
  it('serves a held avatar again without asking the database', async () => {
    const { files, sent } = await instance();
    await files.write('avatars/public/a.png', Buffer.from('portrait'));
    expect(text(await files.read('avatars/public/a.png'))).toBe('portrait');
    const before = sent.statements;
    expect(text(await files.read('avatars/public/a.png'))).toBe('portrait');
    expect(text(await files.read('avatars/public/a.png'))).toBe('portrait');
    expect(sent.statements).toBe(before);
  });

  it('never serves a file another instance or plain SQL replaced or removed since', async () => {
    const first = await instance();
    const second = await instance();
    await first.files.write('avatars/public/b.png', Buffer.from('version one'));
    expect(text(await second.files.read('avatars/public/b.png'))).toBe('version one');
    await first.files.write('avatars/public/b.png', Buffer.from('version two'));
    expect(text(await second.files.read('avatars/public/b.png'))).toBe('version two');
    await t.db.query(
      `update public.stored_files set bytes = 'version three' where path = 'avatars/public/b.png'`,
    );
    expect(text(await second.files.read('avatars/public/b.png'))).toBe('version three');
    await t.db.query(`delete from public.stored_files where path = 'avatars/public/b.png'`);
    expect(await second.files.read('avatars/public/b.png')).toBeNull();
    await first.files.write('avatars/public/b.png', Buffer.from('again'));
    await t.db.exec('truncate public.stored_files');
    expect(await first.files.read('avatars/public/b.png')).toBeNull();
  });

  it('asks for the digest on every read once announcements are no longer heard', async () => {
    const { files, held, sent } = await instance();
    await files.write('avatars/public/c.png', Buffer.from('portrait'));
    expect(text(await files.read('avatars/public/c.png'))).toBe('portrait');
    await held.close();
    const before = sent.statements;
    expect(text(await files.read('avatars/public/c.png'))).toBe('portrait');
    expect(sent.statements).toBe(before + 1);
    await t.db.query(`update public.stored_files set bytes = 'unheard' where path = 'avatars/public/c.png'`);
    expect(text(await files.read('avatars/public/c.png'))).toBe('unheard');
  });

  it('keeps serving a held cover without asking, whatever is heard', async () => {
    const { files, held, sent } = await instance();
    await files.write('covers/d-card.webp', Buffer.from('a cover'));
    expect(text(await files.read('covers/d-card.webp', { immutable: true }))).toBe('a cover');
    await held.close();
    const before = sent.statements;
    expect(text(await files.read('covers/d-card.webp', { immutable: true }))).toBe('a cover');
    expect(sent.statements).toBe(before);
  });
});

// The cache index's memory over time: a remembered miss expires (a day when Open Library has no cover,
// minutes when it could not be reached), a found cover never does, and one fetch serves concurrent callers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import { FAILURE_TTL_MS, MISS_TTL_MS, createCoverCache } from './cover-cache';
import type { FetchOutcome } from './cover-fetcher';
import type { CoverSource } from './cover-source';
import { diskFileStore } from '../storage/disk-file-store';
import { readCoverFile } from './cover-files';

let t: TestDb;
let storageDir: string;
beforeAll(async () => {
  t = await openTestDb();
  storageDir = await mkdtemp(join(tmpdir(), 'cover-cache-'));
});
afterAll(async () => {
  await t.db.close();
  await rm(storageDir, { recursive: true, force: true });
});

/** Upstream answers scripted per call, and the sources asked for, in order. */
function scripted(answers: (() => Promise<FetchOutcome>)[]) {
  const asked: string[] = [];
  const fetcher = (source: CoverSource) => {
    asked.push(source.kind === 'isbn' ? source.isbn : source.id);
    const next = answers.shift();
    if (!next) throw new Error('asked more often than expected');
    return next();
  };
  return { asked, fetcher };
}

const jpeg = () =>
  sharp({ create: { width: 300, height: 450, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();

describe('createCoverCache', () => {
  it('remembers a missing cover for a day and an unreachable one for minutes', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const { asked, fetcher } = scripted([
      async () => ({ kind: 'missing' }),
      async () => ({ kind: 'failed', reason: 'ECONNREFUSED' }),
      async () => ({ kind: 'found', bytes: await jpeg() }),
    ]);
    const cache = createCoverCache({ db: t.db, files: diskFileStore(storageDir), fetcher, now: () => clock });
    const missing: CoverSource = { kind: 'isbn', isbn: '9780000000101' };
    const down: CoverSource = { kind: 'olid', id: '101' };

    expect(await cache.fetchOnce(missing)).toEqual({ kind: 'none', transient: false });
    expect(await cache.fetchOnce(down)).toEqual({ kind: 'none', transient: true });
    expect(cache.upstreamDown()).toBe(true);
    expect(await cache.known(missing)).toEqual({ kind: 'none', transient: false });
    expect(await cache.known(down)).toEqual({ kind: 'none', transient: true });

    clock += FAILURE_TTL_MS + 1000;
    expect(await cache.known(down)).toBeNull(); // worth asking again
    expect(await cache.known(missing)).not.toBeNull();
    const found = await cache.fetchOnce(down);
    expect(found.kind).toBe('cover');
    expect(cache.upstreamDown()).toBe(false);

    clock += MISS_TTL_MS;
    expect(await cache.known(missing)).toBeNull();
    expect(await cache.known(down)).toEqual(found); // a found cover stays found
    expect(asked).toEqual(['9780000000101', '101', '101']);
    if (found.kind !== 'cover') throw new Error('found');
    expect(await readCoverFile(diskFileStore(storageDir), found.hash, 'thumb')).not.toBeNull();
  });

  it('shares one fetch among concurrent callers, and fetches again only after it settles', async () => {
    let release!: (outcome: FetchOutcome) => void;
    const { asked, fetcher } = scripted([
      () => new Promise<FetchOutcome>((resolve) => (release = resolve)),
      async () => ({ kind: 'missing' }),
    ]);
    const cache = createCoverCache({ db: t.db, files: diskFileStore(storageDir), fetcher });
    const source: CoverSource = { kind: 'isbn', isbn: '9780000000202' };
    const waiting = [cache.fetchOnce(source), cache.fetchOnce(source), cache.fetchOnce(source)];
    release({ kind: 'found', bytes: new Uint8Array([0x47, 0x49, 0x46, 0x38]) }); // a GIF: no cover
    expect(await Promise.all(waiting)).toEqual(Array(3).fill({ kind: 'none', transient: false }));
    await cache.fetchOnce(source);
    expect(asked).toEqual(['9780000000202', '9780000000202']);
  });
});

describe('createCoverCache when the storage area cannot be written', () => {
  it('fails the request but remembers the source for a few minutes, so upstream is not asked on every view', async () => {
    const { asked, fetcher } = scripted([async () => ({ kind: 'found', bytes: await jpeg() })]);
    // A file where the storage directory should be: every write fails (ENOTDIR), as on a broken volume.
    const notADirectory = join(storageDir, 'not-a-directory');
    await writeFile(notADirectory, '');
    const cache = createCoverCache({ db: t.db, files: diskFileStore(notADirectory), fetcher });
    const source: CoverSource = { kind: 'isbn', isbn: '9780000000303' };
    await expect(cache.fetchOnce(source)).rejects.toThrow();
    expect(await cache.known(source)).toEqual({ kind: 'none', transient: true });
    expect(asked).toHaveLength(1);
  });
});

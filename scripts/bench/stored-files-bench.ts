// Issue 30: avatars and covers served from the disk (FILE_STORAGE=disk, as before) and from PostgreSQL
// (FILE_STORAGE=database, the new default with DATABASE_URL), at 16 clients, on one PostgreSQL database.
// The second start also moves the first's files into the database, as an upgrade does.
//   npx tsx scripts/bench/stored-files-bench.ts [--postgres URL] [--seconds S] [--connections N]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { COVER_SIZE_NAMES } from '@shared/covers';
import { avatarPublicPath } from '@shared/avatar';
import { coverHash } from '../../server/covers/cover-cache';
import { coverFileName, writeCoverFiles } from '../../server/covers/cover-files';
import { reencodeCover } from '../../server/covers/reencode-cover';
import { writeAvatar } from '../../server/storage/avatar-files';
import { diskFileStore } from '../../server/storage/disk-file-store';
import { reencodeAvatar } from '../../server/storage/reencode-avatar';
import { createBenchDatabase } from './bench-database';
import { loadHttp } from './load';
import type { Measurement } from './load';
import { startServer } from './server-process';

const { values } = parseArgs({
  options: {
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const FILES = 200;

/** A photo-like image (noise compresses as badly as a photo does), so sizes are realistic. */
const noise = (width: number, height: number, seed: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = (x >>> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
};

const database = await createBenchDatabase('postgres', values.postgres);
const storageDir = join(database.serverEnv.DATA_DIR as string, 'storage');
const disk = diskFileStore(storageDir);
const userIds: string[] = [];
const coverFiles: string[] = [];
let avatarBytes = 0;
let coverBytes = 0;
for (let i = 0; i < FILES; i++) {
  const userId = crypto.randomUUID();
  const avatar = await reencodeAvatar(await noise(256, 256, i + 1));
  if (!avatar.ok) throw new Error('avatar');
  await writeAvatar(disk, userId, avatar.png);
  userIds.push(userId);
  avatarBytes += avatar.png.byteLength;
  const source = await noise(400, 600, FILES + i);
  const cover = await reencodeCover(source);
  if (!cover.ok) throw new Error('cover');
  const hash = coverHash(source);
  await writeCoverFiles(disk, hash, cover.images);
  for (const size of COVER_SIZE_NAMES) {
    coverFiles.push(coverFileName(hash, size));
    coverBytes += cover.images[size].byteLength;
  }
}
console.log(
  `${FILES} avatars (${Math.round(avatarBytes / FILES / 1024)} KB each on average), ` +
    `${coverFiles.length} cover files (${Math.round(coverBytes / coverFiles.length / 1024)} KB on average)`,
);

const results: Record<string, { avatars: Measurement; covers: Measurement; startSeconds: number }> = {};
try {
  for (const storage of ['disk', 'database'] as const) {
    const server = await startServer({
      ...database.serverEnv,
      FILE_STORAGE: storage,
      JWT_SECRET: 'a-bench-secret-of-at-least-thirty-two-characters',
    });
    try {
      // One pass over every file first, so both runs measure warm caches: the operating system's for the
      // disk, the database's and the instance's memory for the database.
      for (const id of userIds)
        await fetch(`${server.base}${avatarPublicPath(id)}`).then((r) => r.arrayBuffer());
      for (const file of coverFiles)
        await fetch(`${server.base}/covers/${file}`).then((r) => r.arrayBuffer());
      // Files picked at random (not in turn, which would defeat any cache that holds fewer than all).
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
      const avatars = await loadHttp(server.base, connections, seconds, () => ({
        method: 'GET',
        path: avatarPublicPath(pick(userIds)),
      }));
      const covers = await loadHttp(server.base, connections, seconds, () => ({
        method: 'GET',
        path: `/covers/${pick(coverFiles)}`,
      }));
      results[storage] = { avatars, covers, startSeconds: server.startSeconds };
    } finally {
      await server.stop();
    }
  }
} finally {
  await database.drop();
}

const row = (name: string, m: Measurement) =>
  `| ${name} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${Math.round(m.rps)} | ${m.errors} |`;
console.log(`\nStored files at ${connections} clients, ${seconds} s each (ms)\n`);
console.log('| run | p50 | p95 | p99 | req/s | errors |\n|---|---|---|---|---|---|');
for (const [storage, r] of Object.entries(results)) {
  console.log(row(`avatar, ${storage}`, r.avatars));
  console.log(row(`cover file, ${storage}`, r.covers));
}
console.log(
  `\nStart with FILE_STORAGE=database, moving ${FILES + coverFiles.length} files: ${results.database?.startSeconds.toFixed(2)} s ` +
    `(disk start: ${results.disk?.startSeconds.toFixed(2)} s)`,
);

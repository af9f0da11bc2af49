// Avatars through the real supabase-js client against the server on a real port (issue 3, /storage/v1).
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeAvatar } from '../../server/storage/avatar-files';
import { diskFileStore } from '../../server/storage/disk-file-store';
import { createTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import {
  exifJpeg,
  gifImage,
  hugePng,
  pngChunks,
  pngImage,
  pngWithText,
  webpImage,
} from '../support/test-images';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';

// Real images (made with sharp in beforeAll): every upload is decoded and re-encoded, so fakes are refused.
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
let GIF: Buffer;
const MB2 = 2 * 1024 * 1024;
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

let t: TestApp;
let server: ServerType;
let baseUrl: string;
let storageDir: string;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [PNG, JPEG, WEBP, GIF] = await Promise.all([pngImage(), exifJpeg(), webpImage(), gifImage()]);
  storageDir = await mkdtemp(join(tmpdir(), 'shelfwise-storage-'));
  // Listen first so the app can be built with its real public URL (getPublicUrl answers URLs on it).
  let fetchApp: (req: Request) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 });
  server = serve({ fetch: (req) => fetchApp(req), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ config: { storageDir, publicUrl: baseUrl } });
  fetchApp = (req) => t.app.fetch(req);
  alice = await createTestUser(t);
  bob = await createTestUser(t);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

const clientFor = (user: TestUser | null): SupabaseClient =>
  createClient(baseUrl, t.deps.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: user ? { headers: { Authorization: `Bearer ${user.token}` } } : {},
    realtime: { transport: ws as never },
  });
const avatars = (user: TestUser | null) => clientFor(user).storage.from('avatars');
const pathOf = (user: TestUser) => `public/${user.id}.png`;
const fileOf = (user: TestUser) => join(storageDir, 'avatars', 'public', `${user.id}.png`);

/** A GET with the path exactly as written: fetch() would resolve '..' segments before sending. */
function rawGet(path: string): Promise<{ status: number; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/`, { path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function fetchPublic(user: TestUser, init?: RequestInit) {
  const { publicUrl } = avatars(null).getPublicUrl(pathOf(user)).data;
  return fetch(publicUrl, init);
}

/**
 * The stored file, checked to be a bare PNG: signature, image chunks, IEND and not one byte more. pHYs is
 * the encoder's own fixed pixel density (the upload's is not kept: server/storage/reencode-avatar.test.ts).
 */
async function storedPng(user: TestUser): Promise<Buffer> {
  const bytes = await readFile(fileOf(user));
  const imageChunks = ['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND'];
  expect(pngChunks(bytes).filter((type) => !imageChunks.includes(type))).toEqual([]);
  return bytes;
}

describe('upload', () => {
  it('stores a PNG sent as a File (multipart) at public/{userId}.png and serves it publicly', async () => {
    const { data, error } = await avatars(alice).upload(
      pathOf(alice),
      new Blob([PNG], { type: 'image/png' }),
      {
        upsert: true,
      },
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: pathOf(alice), fullPath: `avatars/${pathOf(alice)}` });
    const stored = await storedPng(alice);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });

    const { publicUrl } = avatars(null).getPublicUrl(pathOf(alice)).data;
    expect(publicUrl).toBe(`${baseUrl}/storage/v1/object/public/avatars/public/${alice.id}.png`);
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Opened on its own, the object is a document that may load and run nothing.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stored);

    const again = await fetch(publicUrl, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('replaces it with upsert, re-encoding JPEG and WebP as PNG whatever type was declared', async () => {
    const before = (await fetchPublic(alice)).headers.get('etag');
    const { error } = await avatars(alice).upload(pathOf(alice), JPEG, {
      upsert: true,
      contentType: 'image/png',
    });
    expect(error).toBeNull();
    const res = await fetchPublic(alice);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).not.toBe(before);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await storedPng(alice));
    // The old ETag no longer matches, so caches get the new image.
    expect((await fetchPublic(alice, { headers: { 'if-none-match': before! } })).status).toBe(200);

    expect((await avatars(alice).update(pathOf(alice), WEBP)).error).toBeNull();
    expect((await fetchPublic(alice)).headers.get('content-type')).toBe('image/png');
    expect(await sharp(await storedPng(alice)).metadata()).toMatchObject({ width: 30, height: 30 });
  });

  it('answers 409 without upsert when the avatar exists, keeping the old file', async () => {
    const before = await readFile(fileOf(alice));
    const { error } = await avatars(alice).upload(pathOf(alice), PNG);
    expect(error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });
    expect(await readFile(fileOf(alice))).toEqual(before);
  });

  it('refuses anything that is not a decodable PNG, JPEG or WebP image, whatever its name or declared type', async () => {
    const before = await readFile(fileOf(alice));
    for (const body of [
      GIF,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('hello'),
      Buffer.alloc(0),
      // Polyglots: the magic bytes of an image, then an HTML page.
      Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(document.cookie)</script>')]),
      Buffer.concat([JPEG.subarray(0, 4), Buffer.from('<html><script>alert(1)</script>')]),
      Buffer.concat([WEBP.subarray(0, 16), Buffer.from('<script>alert(1)</script>')]),
      // A real PNG cut short.
      PNG.subarray(0, PNG.length - 30),
    ]) {
      const blob = await avatars(alice).upload(pathOf(alice), new Blob([body], { type: 'image/png' }), {
        upsert: true,
      });
      expect(blob.error).toMatchObject({ status: 415, message: 'Avatars must be PNG, JPEG or WebP images.' });
      const raw = await avatars(alice).upload(pathOf(alice), body, {
        upsert: true,
        contentType: 'image/png',
      });
      expect(raw.error).toMatchObject({ status: 415 });
    }
    expect(await readFile(fileOf(alice))).toEqual(before);
  });

  it('keeps nothing but pixels of an image followed by HTML and script', async () => {
    const script = '<script>alert(document.cookie)</script><html><body onload="alert(1)">';
    for (const image of [PNG, WEBP, JPEG]) {
      const hostile = Buffer.concat([image, Buffer.from(script)]);
      expect((await avatars(bob).upload(pathOf(bob), hostile, { upsert: true })).error).toBeNull();
      const stored = await storedPng(bob);
      expect(stored.includes('script')).toBe(false);
      const served = Buffer.from(await (await fetchPublic(bob)).arrayBuffer());
      expect(served).toEqual(stored);
    }
  });

  it('drops metadata: EXIF (after turning the picture upright) and text chunks', async () => {
    expect((await sharp(JPEG).metadata()).exif).toBeDefined();
    expect((await avatars(bob).upload(pathOf(bob), JPEG, { upsert: true })).error).toBeNull();
    const stored = await storedPng(bob);
    const meta = await sharp(stored).metadata();
    // 40 × 20 with "rotate 90°" in its EXIF: stored upright, 20 × 40, and the EXIF is gone.
    expect(meta).toMatchObject({ format: 'png', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('Secret')).toBe(false);

    const tagged = await pngWithText('Ada lives at 12 Secret Lane');
    expect(tagged.includes('Secret Lane')).toBe(true);
    expect((await avatars(bob).upload(pathOf(bob), tagged, { upsert: true })).error).toBeNull();
    expect((await storedPng(bob)).includes('Secret')).toBe(false);
  });

  it('scales big pictures down to 512 px on the longest side, keeping their shape', async () => {
    const big = await pngImage(2000, 1000);
    expect((await avatars(bob).upload(pathOf(bob), big, { upsert: true })).error).toBeNull();
    expect(await sharp(await storedPng(bob)).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('refuses a decompression bomb (a small file declaring too many pixels) with 413', async () => {
    const before = await readFile(fileOf(bob));
    const bomb = hugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const { error } = await avatars(bob).upload(pathOf(bob), bomb, { upsert: true });
    expect(error).toMatchObject({
      status: 413,
      message: 'Avatars can be at most 25 megapixels (for example 5000 × 5000).',
    });
    expect(await readFile(fileOf(bob))).toEqual(before);
  });

  it('takes exactly 2 MB and refuses more with 413, as a File or as raw bytes', async () => {
    const exact = padded(PNG, MB2);
    expect((await avatars(bob).upload(pathOf(bob), new Blob([exact]), { upsert: true })).error).toBeNull();
    const stored = await storedPng(bob);
    expect(stored.length).toBeLessThan(10_000);

    const over = padded(PNG, MB2 + 1);
    const asFile = await avatars(bob).upload(pathOf(bob), new Blob([over]), { upsert: true });
    expect(asFile.error).toMatchObject({ status: 413 });
    const asBytes = await avatars(bob).upload(pathOf(bob), padded(PNG, 3 * MB2), { upsert: true });
    expect(asBytes.error).toMatchObject({ status: 413 });
    expect(await readFile(fileOf(bob))).toEqual(stored);
  });
});

describe('who may write what', () => {
  it('lets nobody but the user write their avatar', async () => {
    const before = await readFile(fileOf(alice));
    const byBob = await avatars(bob).upload(pathOf(alice), PNG, { upsert: true });
    expect(byBob.error).toMatchObject({ status: 403, message: 'You can only change your own avatar.' });
    const anonymous = await avatars(null).upload(pathOf(alice), PNG, { upsert: true });
    expect(anonymous.error).toMatchObject({ status: 401 });
    const forged = await fetch(`${baseUrl}/storage/v1/object/avatars/${pathOf(alice)}`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged.token.value', 'x-upsert': 'true' },
      body: PNG,
    });
    expect(forged.status).toBe(401);
    expect((await avatars(bob).remove([pathOf(alice)])).error).toMatchObject({ status: 403 });
    expect(await readFile(fileOf(alice))).toEqual(before);
  });

  it('accepts only the exact path public/{uuid}.png in the avatars bucket', async () => {
    const paths = [
      `public/${alice.id}.jpg`,
      `${alice.id}.png`,
      `private/${alice.id}.png`,
      `public/${alice.id}.png/x`,
      `public/%2e%2e/${alice.id}.png`,
      `public/${alice.id.toUpperCase()}.png`,
      'public/not-a-uuid.png',
    ];
    for (const path of paths) {
      const { error } = await avatars(alice).upload(path, PNG, { upsert: true });
      expect(error?.status, path).toBeGreaterThanOrEqual(400);
      expect(error?.status, path).toBeLessThan(500);
    }
    const otherBucket = await clientFor(alice)
      .storage.from('covers')
      .upload(pathOf(alice), PNG, { upsert: true });
    expect(otherBucket.error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });

  it('serves nothing but avatars from the public path, so no other file is reachable', async () => {
    const probes = [
      '/storage/v1/object/public/avatars/public/../../../../etc/passwd',
      '/storage/v1/object/public/avatars/public/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/storage/v1/object/public/avatars/..%2f..%2fpglite',
      `/storage/v1/object/public/avatars/public/${bob.id}.png.tmp`,
      `/storage/v1/object/public/avatars/public/${bob.id}.png%00.txt`,
      '/storage/v1/object/public/covers/anything.png',
      '/storage/v1/object/avatars/public/whatever.png',
      `/storage/v1/object/public/avatars/public/${crypto.randomUUID()}.png`,
    ];
    for (const probe of probes) {
      const res = await rawGet(probe);
      expect(res.status, probe).toBe(404);
      expect(res.type, probe).toMatch(/application\/json/);
    }
  });
});

describe('removing', () => {
  it('deletes one’s own avatar through supabase-js remove, and removeAvatar tolerates a missing file', async () => {
    const carol = await createTestUser(t);
    await avatars(carol).upload(pathOf(carol), PNG, { upsert: true });
    const { data, error } = await avatars(carol).remove([pathOf(carol)]);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ name: pathOf(carol) })]);
    expect((await fetchPublic(carol)).status).toBe(404);
    expect(existsSync(fileOf(carol))).toBe(false);

    await avatars(carol).upload(pathOf(carol), PNG, { upsert: true });
    await expect(removeAvatar(diskFileStore(storageDir), carol.id)).resolves.toBe(true);
    expect(existsSync(fileOf(carol))).toBe(false);
    await expect(removeAvatar(diskFileStore(storageDir), carol.id)).resolves.toBe(false);
    await expect(removeAvatar(diskFileStore(storageDir), '../../etc/passwd')).resolves.toBe(false);
  });
});

describe('the profile link', () => {
  it('accepts the public URL supabase-js gives as the profile avatar_url', async () => {
    const { publicUrl } = avatars(null).getPublicUrl(pathOf(alice)).data;
    const res = await t.sf('update-profile', { avatar_url: `${publicUrl}?t=${Date.now()}` }, alice.token);
    expect(res.status).toBe(200);
    expect(res.body.avatar_url?.startsWith(publicUrl)).toBe(true);
    const bobs = await t.sf('update-profile', { avatar_url: publicUrl }, bob.token);
    expect(bobs.status).toBe(400);
  });
});

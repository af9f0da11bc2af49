// /storage/v1: the subset of the Supabase Storage API the app uses, so supabase-js
// `storage.from('avatars').upload('public/{userId}.png', file, { upsert: true })`, `getPublicUrl` and
// `remove` work unchanged. One bucket, 'avatars', holding one image per user at public/{userId}.png;
// only that user writes it, anyone reads it. Errors use Storage's shape: {statusCode, error, message}.
import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AVATAR_BUCKET,
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  MAX_AVATAR_BYTES,
  avatarObjectPath,
  avatarOwner,
} from '@shared/avatar';
import type { AppDeps } from '../deps';
import { resolveCaller } from '../http/caller';
import { ApiError } from '../http/errors';
import { unexpectedFailure } from '../http/unexpected-failure';
import { readAvatar, removeAvatar, writeAvatar } from './avatar-files';
import { fileStoreFor } from './file-store';
import { readUpload } from './read-upload';
import { detectImageType } from './image-type';
import { reencodeAvatar } from './reencode-avatar';

/** Avatars keep one URL and are replaced in place, so caches hold them briefly and then revalidate (ETag). */
export const AVATAR_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
/**
 * An avatar opened on its own (not as an <img>) is a document that may load nothing and run nothing, should a
 * browser ever take it for anything but an image (issue 13 §9). nosniff comes from the app's secure headers.
 */
export const AVATAR_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

class StorageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const noBucket = () => new StorageError(404, 'Bucket not found', 'Bucket not found');
const noObject = () => new StorageError(404, 'not_found', 'Object not found');

export function storageRouter(deps: AppDeps): Hono {
  const router = new Hono();
  const files = fileStoreFor(deps);

  router.onError((err, c) => {
    if (err instanceof StorageError) {
      return c.json({ statusCode: String(err.status), error: err.error, message: err.message }, err.status);
    }
    if (err instanceof ApiError) {
      return c.json({ statusCode: String(err.status), error: err.code, message: err.message }, err.status);
    }
    const unexpected = unexpectedFailure(c, err);
    if (unexpected.status === 503) {
      return c.json({ statusCode: '503', error: 'unavailable', message: unexpected.message }, 503);
    }
    return c.json(
      { statusCode: '500', error: 'internal', message: 'Something went wrong on our side.' },
      500,
    );
  });

  router.get('/object/public/:bucket/:path{.+}', async (c) => {
    if (c.req.param('bucket') !== AVATAR_BUCKET) throw noBucket();
    const owner = avatarOwner(c.req.param('path'));
    if (!owner) throw noObject();
    const bytes = await readAvatar(files, owner);
    if (!bytes) throw noObject();
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', AVATAR_CACHE_CONTROL);
    c.header('Content-Security-Policy', AVATAR_CONTENT_SECURITY_POLICY);
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', detectImageType(bytes) ?? 'application/octet-stream');
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });

  // POST uploads (x-upsert: true replaces an existing file), PUT replaces: both as supabase-js sends them.
  router.on(['POST', 'PUT'], '/object/:bucket/:path{.+}', async (c) => {
    const owner = await authorisedOwner(c, deps, c.req.param('path'));
    const upload = await readUpload(c, MAX_AVATAR_BYTES);
    if (upload === 'too_large') {
      throw new StorageError(413, 'Payload too large', AVATAR_SIZE_MESSAGE);
    }
    // Decoded and encoded afresh before anything else, so only pixels are ever stored.
    const image = await reencodeAvatar(upload);
    if (!image.ok && image.reason === 'too_many_pixels') {
      throw new StorageError(
        413,
        'Payload too large',
        'Avatars can be at most 25 megapixels (for example 5000 × 5000).',
      );
    }
    if (!image.ok) {
      throw new StorageError(415, 'invalid_mime_type', AVATAR_TYPE_MESSAGE);
    }
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    if (!upsert && (await readAvatar(files, owner))) {
      throw new StorageError(409, 'Duplicate', 'The resource already exists');
    }
    await writeAvatar(files, owner, image.png);
    return c.json({ Key: `${AVATAR_BUCKET}/${avatarObjectPath(owner)}`, Id: randomUUID() });
  });

  // supabase-js `remove([...paths])`: DELETE /object/{bucket} with {prefixes}.
  router.delete('/object/:bucket', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { prefixes?: unknown } | null;
    const prefixes = body?.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length > 10 || !prefixes.every((p) => typeof p === 'string')) {
      throw new StorageError(400, 'invalid_input', 'Send {"prefixes": [paths]}.');
    }
    const owners = [];
    for (const path of prefixes as string[]) owners.push(await authorisedOwner(c, deps, path));
    const removed = [];
    for (const owner of owners) {
      if (!(await removeAvatar(files, owner))) continue;
      removed.push({ name: avatarObjectPath(owner), bucket_id: AVATAR_BUCKET });
    }
    return c.json(removed);
  });

  router.all('*', () => {
    throw new StorageError(404, 'not_found', 'Not found.');
  });
  return router;
}

/** The owner of the avatar path a write names, after checking the bearer is that very user. */
async function authorisedOwner(c: Context, deps: AppDeps, path: string): Promise<string> {
  if (c.req.param('bucket') !== AVATAR_BUCKET) throw noBucket();
  const caller = await resolveCaller(deps.keys, deps.db, c.req.header('authorization'));
  if (caller.kind !== 'user') throw new StorageError(401, 'Unauthorized', 'Sign in to change your avatar.');
  const owner = avatarOwner(path.replace(/^\/+/, ''));
  if (!owner) {
    throw new StorageError(400, 'InvalidKey', 'Avatars are stored at public/{your user id}.png.');
  }
  if (owner !== caller.userId.toLowerCase()) {
    throw new StorageError(403, 'Unauthorized', 'You can only change your own avatar.');
  }
  return owner;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

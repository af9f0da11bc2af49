// The one object the avatars bucket holds per user, and the names it goes by: the storage path
// 'public/{userId}.png' (SPEC.md §3), the bucket path 'avatars/public/{userId}.png', and its public URL.

export const AVATAR_BUCKET = 'avatars';
export const PUBLIC_OBJECT_PREFIX = '/storage/v1/object/public';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The only object path the bucket accepts; anything else (other names, '..', encodings) never matches. */
const OBJECT_PATH = new RegExp(`^public/(${UUID})\\.png$`);

/** The user id an object path in the avatars bucket belongs to, or null when it is not an avatar path. */
export function avatarOwner(objectPath: string): string | null {
  return OBJECT_PATH.exec(objectPath)?.[1] ?? null;
}

export const avatarObjectPath = (userId: string) => `public/${userId}.png`;
export const avatarPublicPath = (userId: string) =>
  `${PUBLIC_OBJECT_PREFIX}/${AVATAR_BUCKET}/${avatarObjectPath(userId)}`;

/**
 * A profile's avatar_url in the form to store, when it names this user's own avatar in our storage: the
 * storage path, the bucket path, or the public URL on this server (publicUrl's origin), optionally with a
 * cache-busting query. Null for anything else, such as an image on another host, so profile pages only ever
 * load our own files.
 */
export function ownAvatarUrl(value: string, userId: string, publicUrl: string): string | null {
  const objectPath = avatarObjectPath(userId.toLowerCase());
  if (value === objectPath || value === `${AVATAR_BUCKET}/${objectPath}`) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const base = new URL(publicUrl);
  if (url.origin !== base.origin || url.username || url.password || url.hash) return null;
  if (!/^[\w.=&-]*$/.test(url.search.replace(/^\?/, ''))) return null;
  const basePath = base.pathname.replace(/\/+$/, '');
  return url.pathname === `${basePath}${avatarPublicPath(userId.toLowerCase())}` ? url.href : null;
}

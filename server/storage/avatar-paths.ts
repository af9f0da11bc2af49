// Which avatar_url a profile may store: the names the one object per user goes by (shared/avatar.ts), the
// storage path 'public/{userId}.png', the bucket path 'avatars/public/{userId}.png', and its public URL here.
import { AVATAR_BUCKET, avatarObjectPath, avatarPublicPath } from '@shared/avatar';

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

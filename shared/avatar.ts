// The avatar rules every layer applies (SPEC.md §3, issue 3): one image per user in the 'avatars' bucket at
// 'public/{userId}.png', PNG, JPEG or WebP, at most 2 MB. The server enforces them (server/storage/); the
// desktop app checks them before bytes cross IPC, and both use the server's own words when they refuse.

export const AVATAR_BUCKET = 'avatars';
export const PUBLIC_OBJECT_PREFIX = '/storage/v1/object/public';

/** What the server accepts as an avatar (it checks the bytes too), at most MAX_AVATAR_BYTES. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export const AVATAR_TYPE_MESSAGE = 'Avatars must be PNG, JPEG or WebP images.';
export const AVATAR_SIZE_MESSAGE = 'The object exceeded the maximum allowed size (2 MB).';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The only object path the bucket accepts; anything else (other names, '..', encodings) never matches. */
const OBJECT_PATH = new RegExp(`^public/(${UUID})\\.png$`);

/** The user id an object path in the avatars bucket belongs to, or null when it is not an avatar path. */
export function avatarOwner(objectPath: string): string | null {
  return OBJECT_PATH.exec(objectPath)?.[1] ?? null;
}

/** The storage path of a user's avatar inside the bucket, where clients upload it. */
export const avatarObjectPath = (userId: string) => `public/${userId}.png`;
export const avatarPublicPath = (userId: string) =>
  `${PUBLIC_OBJECT_PREFIX}/${AVATAR_BUCKET}/${avatarObjectPath(userId)}`;

/** The content type to upload a file as (a file without one is sent as PNG), or null when it is refused. */
export function avatarContentType(declared: string): AvatarContentType | null {
  return AVATAR_CONTENT_TYPES.find((t) => t === (declared || 'image/png')) ?? null;
}

import { Avatar } from '@mantine/core';
import type { AvatarProps } from '@mantine/core';

/** SPEC.md §3: the first two letters of the username in capitals, or '?'. */
export function avatarInitials(username: string | null | undefined): string {
  const letters = (username ?? '').trim().slice(0, 2).toUpperCase();
  return letters || '?';
}

/**
 * Where an avatar_url can be loaded from: full URLs as they are, storage paths ('public/{id}.png' or
 * 'avatars/public/{id}.png', SPEC.md §3) at the public address of the avatars bucket.
 */
export function avatarSrc(avatarUrl: string | null | undefined): string | null {
  if (!avatarUrl) return null;
  if (/^(https?:|blob:|data:image\/)/i.test(avatarUrl)) return avatarUrl;
  return `/storage/v1/object/public/avatars/${avatarUrl.replace(/^\/?(avatars\/)?/, '')}`;
}

export function UserAvatar({
  username,
  avatarUrl,
  ...props
}: { username: string | null | undefined; avatarUrl: string | null | undefined } & Omit<AvatarProps, 'src'>) {
  return (
    <Avatar
      src={avatarSrc(avatarUrl)}
      alt={username ? `${username}'s avatar` : 'Avatar'}
      color="teal"
      {...props}
    >
      {avatarInitials(username)}
    </Avatar>
  );
}

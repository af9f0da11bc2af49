// storage:* channels: the avatar upload (SPEC.md §2 Settings), made by main with the session. The limits
// are the server's (shared/avatar.ts), checked here too so an oversized file never crosses IPC into a request.
import { z } from 'zod';
import { AVATAR_CONTENT_TYPES, AVATAR_SIZE_MESSAGE, MAX_AVATAR_BYTES } from '@shared/avatar';
import type { DesktopInvokeApi } from '@shared/desktop-bridge';
import type { DesktopSession } from '../auth/session';
import { handler } from './invoke-handler';
import type { HandlersFor } from './invoke-handler';

const image = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, 'must be the image bytes')
  .refine((bytes) => bytes.byteLength > 0, 'the image is empty')
  .refine((bytes) => bytes.byteLength <= MAX_AVATAR_BYTES, AVATAR_SIZE_MESSAGE);

export function storageHandlers({ session }: { session: Pick<DesktopSession, 'uploadAvatar'> }) {
  return {
    uploadAvatar: handler(z.tuple([image, z.enum(AVATAR_CONTENT_TYPES)]), (_ctx, bytes, contentType) =>
      session.uploadAvatar(bytes, contentType),
    ),
  } satisfies HandlersFor<DesktopInvokeApi['storage']>;
}

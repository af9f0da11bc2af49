// delete-user: the signed-in reader deletes their own account, once they prove they are present (the current
// password, or a sign-in within the last few minutes; server/auth/presence.ts).
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import {
  CURRENT_PASSWORD_MISMATCH,
  CURRENT_PASSWORD_MISMATCH_MESSAGE,
  REAUTHENTICATION_NEEDED,
  REAUTHENTICATION_NEEDED_MESSAGE,
} from '@shared/api/presence';
import { deleteUserAccount } from '../../auth/delete-user';
import { fileStoreFor } from '../../storage/file-store';
import { provePresence } from '../../auth/presence';
import { findUserById } from '../../auth/users';
import { ApiError, unauthorized } from '../../http/errors';
import type { UserContext } from '../../http/handler-context';

export async function deleteUser(
  input: ParsedRequestOf<'delete-user'>,
  { deps, user, ip }: UserContext,
): Promise<ResponseOf<'delete-user'>> {
  const account = await findUserById(deps.db, user.userId);
  if (!account) throw unauthorized();
  const verdict = await provePresence(deps, {
    userId: account.id,
    email: account.email,
    encryptedPassword: account.encrypted_password,
    sessionId: user.sessionId,
    ip,
    currentPassword: input.current_password,
  });
  if (verdict === 'needed') throw new ApiError(403, REAUTHENTICATION_NEEDED, REAUTHENTICATION_NEEDED_MESSAGE);
  if (verdict === 'mismatch') {
    throw new ApiError(403, CURRENT_PASSWORD_MISMATCH, CURRENT_PASSWORD_MISMATCH_MESSAGE);
  }
  if (verdict === 'limited') {
    throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.');
  }
  await deleteUserAccount(deps.db, fileStoreFor(deps), user.userId);
  return { ok: true };
}

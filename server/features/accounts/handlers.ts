import { deleteUserAccount } from '../../auth/delete-user';
import type { SfHandlers } from '../../http/sf-router';
import { registerOAuthUser } from './oauth-profile';
import { registerUser } from './register-user';

export const accountsHandlers: SfHandlers = {
  'register-user': registerUser,
  'register-oauth-user': registerOAuthUser,

  async 'delete-user'(_input, { deps, user }) {
    await deleteUserAccount(deps.db, deps.config.storageDir, user.userId);
    return { ok: true };
  },
};

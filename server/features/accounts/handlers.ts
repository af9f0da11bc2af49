import type { SfHandlers } from '../../http/sf-router';
import { deleteUser } from './delete-user';
import { registerOAuthUser } from './oauth-profile';
import { registerUser } from './register-user';

export const accountsHandlers: SfHandlers = {
  'register-user': registerUser,
  'register-oauth-user': registerOAuthUser,
  'delete-user': deleteUser,
};

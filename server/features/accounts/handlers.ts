import type { accountsEndpoints } from '@shared/api/accounts';
import type { AreaHandlers } from '../../http/handler-context';
import { deleteUser } from './delete-user';
import { registerOAuthUser } from './oauth-profile';
import { registerUser } from './register-user';

export const accountsHandlers = {
  'register-user': registerUser,
  'register-oauth-user': registerOAuthUser,
  'delete-user': deleteUser,
} satisfies AreaHandlers<typeof accountsEndpoints>;

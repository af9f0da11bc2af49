// What /sf/register-oauth-user is sent for a user who signed in with Google and has no profile yet
// (SPEC.md §7: the name split from the full name into its first and last word; shared/oauth-profile.ts).
import { oauthFullName, oauthPictureUrl, splitFullName } from '@shared/oauth-profile';
import type { AuthUser } from '../platform/backend';

export function oauthProfilePayload(user: AuthUser) {
  const { first, last } = splitFullName(oauthFullName(user.metadata));
  return {
    user_id: user.id,
    email: user.email ?? '',
    first_name: first ?? '',
    last_name: last ?? '',
    avatar_url: oauthPictureUrl(user.metadata),
  };
}

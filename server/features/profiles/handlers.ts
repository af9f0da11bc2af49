// /sf/ profile calls: the caller's own profile (read and the few fields they may change) and the public
// profile page. A profile is only ever changed by its owner; is_admin is not client-writable at all.
import { badRequest } from '../../http/errors';
import type { profilesEndpoints } from '@shared/api/profiles';
import type { AreaHandlers } from '../../http/handler-context';
import { ownAvatarUrl } from '../../storage/avatar-paths';
import { getOwnProfile, updateOwnProfile } from './own-profile';
import { publicProfile } from './public-profile';

export const profilesHandlers = {
  async 'get-profile'(_input, { deps, user }) {
    return getOwnProfile(deps.db, user.userId);
  },

  async 'update-profile'(input, { deps, user }) {
    let avatarUrl = input.avatar_url;
    if (avatarUrl) {
      const own = ownAvatarUrl(avatarUrl, user.userId, deps.config.publicUrl);
      if (!own) {
        throw badRequest(
          'avatar_url: use your own avatar from this server (public/{your user id}.png or its public URL).',
        );
      }
      avatarUrl = own;
    }
    return updateOwnProfile(deps.db, user.userId, {
      ...input,
      ...(avatarUrl !== undefined && { avatar_url: avatarUrl === '' ? null : avatarUrl }),
    });
  },

  async 'public-profile'({ username }, { deps }) {
    return publicProfile(deps.db, username, deps.config.publicUrl);
  },
} satisfies AreaHandlers<typeof profilesEndpoints>;

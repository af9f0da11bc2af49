// /sf/ social calls (issue 27): following, follow lists, suggestions, Friends Activity, blocks and mutes.
import type { socialEndpoints } from '@shared/api/social';
import type { AreaHandlers } from '../../http/handler-context';
import { one } from '../../db/db';
import { blockReader, muteReader, unblockReader, unmuteReader } from './blocks';
import { followList, followRequests } from './follow-lists';
import { followerProfile } from './follower-profile';
import { answerRequest, followReader, relationship, unfollowReader, updateFollowPolicy } from './follows';
import { friendsActivity } from './friends-activity';
import { readerSuggestions } from './suggestions';

const ok = { ok: true } as const;

export const socialHandlers = {
  async 'follow-reader'({ user_id }, { deps, user }) {
    return followReader(deps.db, user.userId, user_id);
  },
  async 'unfollow-reader'({ user_id }, { deps, user }) {
    await unfollowReader(deps.db, user.userId, user_id);
    return ok;
  },
  async 'reader-relationship'({ user_id }, { deps, user }) {
    return relationship(deps.db, user.userId, user_id);
  },
  async 'follow-requests'(input, { deps, user }) {
    return followRequests(deps.db, user.userId, input);
  },
  async 'answer-follow-request'({ user_id, approve }, { deps, user }) {
    await answerRequest(deps.db, user.userId, user_id, approve);
    return ok;
  },
  async 'social-settings'(_input, { deps, user }) {
    return one(deps.db, 'select follow_policy from public.profiles where id = $1', [user.userId]);
  },
  async 'update-social-settings'({ follow_policy }, { deps, user }) {
    return updateFollowPolicy(deps.db, user.userId, follow_policy);
  },
  async 'reader-followers'(input, { deps, user }) {
    return followList(deps.db, 'followers', input, user?.userId ?? null);
  },
  async 'reader-following'(input, { deps, user }) {
    return followList(deps.db, 'following', input, user?.userId ?? null);
  },
  async 'follower-profile'({ username }, { deps, user }) {
    return followerProfile(deps.db, user.userId, username, deps.config.publicUrl);
  },
  async 'reader-suggestions'(_input, { deps, user }) {
    return readerSuggestions(deps.db, user.userId);
  },
  async 'friends-activity'(input, { deps, user }) {
    return friendsActivity(deps.db, user.userId, input, deps.config.publicUrl);
  },
  async 'block-reader'({ user_id }, { deps, user }) {
    await blockReader(deps.db, user.userId, user_id);
    return ok;
  },
  async 'unblock-reader'({ user_id }, { deps, user }) {
    await unblockReader(deps.db, user.userId, user_id);
    return ok;
  },
  async 'mute-reader'({ user_id }, { deps, user }) {
    await muteReader(deps.db, user.userId, user_id);
    return ok;
  },
  async 'unmute-reader'({ user_id }, { deps, user }) {
    await unmuteReader(deps.db, user.userId, user_id);
    return ok;
  },
} satisfies AreaHandlers<typeof socialEndpoints>;

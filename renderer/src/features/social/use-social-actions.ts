// Social writes from any screen (follow, unfollow, answer a request, change who may follow, block and mute
// and their undoing), each followed by marking the answers it makes stale (stale-data.ts), so every reader
// card and count shows the change.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FollowPolicy } from '@shared/api/social';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';

export function useSocialActions() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async follow(userId: string) {
        const answer = await backend.sf('follow-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
        return answer.state;
      },
      async unfollow(userId: string) {
        await backend.sf('unfollow-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
      },
      async answerRequest(userId: string, approve: boolean) {
        await backend.sf('answer-follow-request', { user_id: userId, approve });
        await markStale(queryClient, 'follow');
      },
      async block(userId: string) {
        await backend.sf('block-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
      },
      async unblock(userId: string) {
        await backend.sf('unblock-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
      },
      async mute(userId: string) {
        await backend.sf('mute-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
      },
      async unmute(userId: string) {
        await backend.sf('unmute-reader', { user_id: userId });
        await markStale(queryClient, 'follow');
      },
      async setFollowPolicy(follow_policy: FollowPolicy) {
        await backend.sf('update-social-settings', { follow_policy });
        await markStale(queryClient, 'socialSettings');
      },
    }),
    [backend, queryClient],
  );
}

// Likes, comments and reports from any screen, each followed by marking the answers it makes stale
// (stale-data.ts), so counts and threads show the change wherever they are shown.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LikeTarget, ReportReason } from '@shared/api/community';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';

export type ReportTarget = { review_id: string } | { comment_id: string };

export function useCommunityActions() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async setLiked(target: LikeTarget, liked: boolean) {
        const state = await backend.sf(liked ? 'like' : 'unlike', target);
        await markStale(queryClient, 'like');
        return state;
      },
      async addComment(reviewId: string, body: string) {
        await backend.sf('add-comment', { review_id: reviewId, body });
        await markStale(queryClient, 'comment');
      },
      async editComment(commentId: string, body: string) {
        await backend.sf('edit-comment', { comment_id: commentId, body });
        await markStale(queryClient, 'comment');
      },
      async deleteComment(commentId: string) {
        await backend.sf('delete-comment', { comment_id: commentId });
        await markStale(queryClient, 'comment');
      },
      async report(target: ReportTarget, reason: ReportReason, details: string) {
        await backend.sf('report', { ...target, reason, details });
      },
      async resolveReport(reportId: string, action: 'remove' | 'dismiss') {
        const answer = await backend.sf('resolve-report', { report_id: reportId, action });
        await markStale(queryClient, 'reportResolved');
        return answer.message;
      },
    }),
    [backend, queryClient],
  );
}

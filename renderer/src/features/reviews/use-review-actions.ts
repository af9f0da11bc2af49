// Saving and deleting the reader's review (SPEC.md §4 "Review dialog", §8). Both refresh what a review
// changes: the work's reviews (list and insights), the work itself (its rating_sum/rating_count feed the
// page header's average) and public profiles (their review and rating counts).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { REVIEW_MESSAGES } from '@shared/domain/review-options';
import { useBackend } from '../../platform/backend-context';
import { SF_NETWORK_ERROR, SF_UNEXPECTED_RESPONSE, SfError } from '../../platform/errors';
import { useSession } from '../../session/session-context';
import { markStale } from '../../stale-data';
import type { SubmitReviewPayload } from './review-form';

export const DELETE_REVIEW_MESSAGES = {
  signedOut: 'You must be logged in to delete a review',
  failed: 'Failed to delete review',
} as const;

/** SPEC.md §5: the server's own error text when it sent one, else 'Failed to save review'. */
export function saveFailureMessage(error: unknown): string {
  const fromServer =
    error instanceof SfError &&
    error.code !== SF_NETWORK_ERROR &&
    error.code !== SF_UNEXPECTED_RESPONSE &&
    error.error.trim() !== '';
  return fromServer ? error.error : REVIEW_MESSAGES.saveFailed;
}

export function useReviewActions() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'signed-in';

  const refresh = useCallback(() => void markStale(queryClient, 'review'), [queryClient]);

  /** Answers null when saved, else the message the dialog shows. */
  const save = useCallback(
    async (payload: SubmitReviewPayload): Promise<string | null> => {
      if (!signedIn) return REVIEW_MESSAGES.signedOut;
      try {
        await backend.sf('submit-review', payload);
      } catch (error) {
        return saveFailureMessage(error);
      }
      refresh();
      return null;
    },
    [backend, signedIn, refresh],
  );

  /** SPEC.md §8: a failed delete is logged only; the review simply stays. */
  const remove = useCallback(
    async (reviewId: string): Promise<void> => {
      if (!signedIn) {
        console.error(DELETE_REVIEW_MESSAGES.signedOut);
        return;
      }
      try {
        await backend.sf('delete-review', { review_id: reviewId });
      } catch (error) {
        console.error(DELETE_REVIEW_MESSAGES.failed, error);
        return;
      }
      refresh();
    },
    [backend, signedIn, refresh],
  );

  return { signedIn, save, remove };
}

// A review's comments, oldest first, a page at a time ('Show more comments'), with a box to add one for a
// signed-in reader. The pages are one react-query entry under the review-comments key, so a comment added,
// edited or removed anywhere refreshes the thread (stale-data.ts).
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMENT_PAGE, MAX_COMMENT_LENGTH } from '@shared/api/community';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { CommentItem } from './comment-item';
import { ReportDialog } from './report-dialog';
import { useCommunityActions } from './use-community-actions';
import { ShowMoreButton } from '../../components/show-more-button';

export interface CommentThreadProps {
  reviewId: string;
  signedIn: boolean;
}

export function CommentThread({ reviewId, signedIn }: CommentThreadProps) {
  const backend = useBackend();
  const actions = useCommunityActions();
  const thread = useInfiniteQuery({
    queryKey: sfQueryKey('review-comments', { review_id: reviewId }),
    queryFn: ({ pageParam }) =>
      backend.sf('review-comments', {
        review_id: reviewId,
        limit: COMMENT_PAGE,
        ...(pageParam ? { after: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState<string | null>(null);
  const comments = thread.data?.pages.flatMap((p) => p.comments) ?? [];

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await actions.addComment(reviewId, draft);
      setDraft('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {thread.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOf(thread.error)}
        </Text>
      )}
      {thread.isSuccess && comments.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      {comments.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Comments"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} signedIn={signedIn} onReport={setReporting} />
          ))}
        </Stack>
      )}
      <ShowMoreButton pages={thread} label="Show more comments" variant="subtle" size="compact-sm" />
      {signedIn && (
        <Stack gap={4}>
          <Textarea
            label="Add a comment"
            value={draft}
            maxLength={MAX_COMMENT_LENGTH}
            autosize
            minRows={2}
            description={`${draft.length} / ${MAX_COMMENT_LENGTH}`}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Button
            size="compact-sm"
            style={{ alignSelf: 'flex-end' }}
            disabled={draft.trim() === ''}
            loading={busy}
            onClick={() => void send()}
          >
            Post comment
          </Button>
        </Stack>
      )}
      <ReportDialog
        target={reporting ? { comment_id: reporting } : null}
        what="comment"
        onClose={() => setReporting(null)}
      />
    </Stack>
  );
}

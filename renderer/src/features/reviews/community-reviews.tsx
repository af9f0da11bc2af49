// 'Community Reviews' on the work page (SPEC.md §2): the work's reviews with the reader's own first, a
// 'Write Review' / 'Edit Review' button for signed-in readers, and the review and delete dialogs.
// Signed-out visitors see the reviews only.
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import type { Review } from '@shared/api/reviews';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useSession } from '../../session/session-context';
import { ReviewTalk } from '../community/review-talk';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewCard } from './review-card';
import { ReviewDialog } from './review-dialog';
import { ownReviewFirst } from './review-order';

export interface CommunityReviewsProps {
  workId: string;
  /** The edition the reader is looking at; a review written here is tied to it. */
  editionId: string | null;
}

function ReviewsLoading() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading reviews">
      {[0, 1].map((i) => (
        <Paper key={i} withBorder p="md">
          <Group gap="sm">
            <Skeleton circle height={38} />
            <Skeleton height={12} width="30%" />
          </Group>
          <Skeleton height={10} mt="md" />
          <Skeleton height={10} mt="xs" width="80%" />
        </Paper>
      ))}
    </Stack>
  );
}

export function CommunityReviews({ workId, editionId }: CommunityReviewsProps) {
  const headingId = useId();
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  const query = useSfQuery('work-reviews', { work_id: workId });
  const reviews = useMemo(() => ownReviewFirst(query.data?.reviews ?? [], userId), [query.data, userId]);
  const own = userId === null ? null : (reviews.find((r) => r.user_id === userId) ?? null);
  // The viewer's own likes of the reviews shown (the counts come with the reviews, the same for everyone).
  const reviewIds = reviews.slice(0, 100).map((r) => r.id);
  const likeStates = useSfQuery(
    'like-states',
    { review_ids: reviewIds },
    { enabled: userId !== null && reviewIds.length > 0 },
  );
  const likedIds = new Set(likeStates.data?.likes.filter((l) => l.liked).map((l) => l.id));

  // Each opening gets a fresh dialog (new key), so the form starts from the review as it is now.
  const [dialog, setDialog] = useState({ key: 0, opened: false });
  const [toDelete, setToDelete] = useState<Review | null>(null);
  const openDialog = () => setDialog((d) => ({ key: d.key + 1, opened: true }));

  let content;
  if (query.isPending) content = <ReviewsLoading />;
  else if (query.isError)
    content = (
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">Unable to load reviews.</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  else if (reviews.length === 0)
    content = (
      <Text c="dimmed">
        {userId ? 'No reviews yet. Be the first to share what you thought.' : 'No reviews yet.'}
      </Text>
    );
  else
    content = (
      <Stack gap="sm">
        {reviews.map((review) => (
          <ReviewCard
            key={review.id}
            review={review}
            isOwn={review.user_id === userId}
            onEdit={openDialog}
            onDelete={() => setToDelete(review)}
            footer={
              <ReviewTalk
                reviewId={review.id}
                author={review.username}
                isOwn={review.user_id === userId}
                signedIn={userId !== null}
                liked={likedIds.has(review.id)}
                likeCount={review.like_count}
                commentCount={review.comment_count}
              />
            }
          />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Community Reviews
        </Title>
        {userId && query.isSuccess && (
          <Button onClick={openDialog}>{own ? 'Edit Review' : 'Write Review'}</Button>
        )}
      </Group>
      {content}
      {userId && (
        <ReviewDialog
          key={dialog.key}
          opened={dialog.opened}
          onClose={() => setDialog((d) => ({ ...d, opened: false }))}
          workId={workId}
          editionId={editionId}
          review={own}
        />
      )}
      <DeleteReviewDialog review={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}

// One review in 'Community Reviews' (SPEC.md §2): avatar, username linking to /user/{username}, date,
// rating in quarter stars, headline and text. A spoiler review keeps its headline and text behind a
// banner until the reader asks to see them.
import { Alert, Anchor, Badge, Button, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Review } from '@shared/api/reviews';
import { REVIEW_LIMITS } from '@shared/domain/review-options';
import { formatShortDate } from '../../lib/format-date';
import { UserAvatar } from '../../components/user-avatar';
import { ReviewMenu } from './review-menu';
import { ReviewText } from './review-text';
import { userPath } from '../../paths';

export const ratingText = (rating: number) => `Rated ${rating} out of 5`;

function SpoilerBanner({ onReveal }: { onReveal: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Spoiler warning" p="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm">This review contains spoilers.</Text>
        <Button size="compact-sm" variant="light" color="yellow" onClick={onReveal}>
          Reveal spoilers
        </Button>
      </Group>
    </Alert>
  );
}

export interface ReviewCardProps {
  review: Review;
  isOwn: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** What follows the review: its likes and comments (issue 27). */
  footer?: ReactNode;
}

export function ReviewCard({ review, isOwn, onEdit, onDelete, footer }: ReviewCardProps) {
  const [revealed, setRevealed] = useState(false);
  const hidden = review.spoiler && !revealed;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      id={`review-${review.id}`}
      aria-label={`Review by ${review.username}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UserAvatar username={review.username} avatarUrl={review.avatar_url} radius="xl" />
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={userPath(review.username)} fw={600} truncate="end">
                {review.username}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatShortDate(review.created_at)}
              </Text>
            </Stack>
          </Group>
          {isOwn && <ReviewMenu onEdit={onEdit} onDelete={onDelete} />}
        </Group>

        <Group gap="xs">
          <Rating
            value={review.rating}
            fractions={1 / REVIEW_LIMITS.ratingStep}
            readOnly
            role="img"
            aria-label={ratingText(review.rating)}
          />
          {isOwn && (
            <Badge variant="light" size="sm">
              Your review
            </Badge>
          )}
          {review.spoiler && !hidden && (
            <Badge variant="light" color="yellow" size="sm">
              Spoilers
            </Badge>
          )}
        </Group>

        {hidden ? (
          <SpoilerBanner onReveal={() => setRevealed(true)} />
        ) : (
          <ReviewText headline={review.headline} body={review.review_body} />
        )}
        {review.spoiler && revealed && (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            px={0}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setRevealed(false)}
          >
            Hide spoilers
          </Button>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}

// Under a review: its likes (a toggle for signed-in readers), its comments (shown on demand) and, for
// another reader's review, a report button. Counts come with the review (work-reviews); the viewer's own
// like comes from like-states.
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { CommentThread } from './comment-thread';
import { LikeButton } from './like-button';
import { ReportDialog } from './report-dialog';

export const commentsText = (count: number) => (count === 1 ? '1 comment' : `${count} comments`);

export interface ReviewTalkProps {
  reviewId: string;
  author: string;
  isOwn: boolean;
  signedIn: boolean;
  liked: boolean;
  likeCount: number;
  commentCount: number;
}

export function ReviewTalk(props: ReviewTalkProps) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const threadId = `comments-${props.reviewId}`;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <LikeButton
          target={{ review_id: props.reviewId }}
          liked={props.liked}
          count={props.likeCount}
          signedIn={props.signedIn}
          label={`review by ${props.author}`}
        />
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          aria-expanded={open}
          aria-controls={threadId}
          onClick={() => setOpen((o) => !o)}
        >
          {commentsText(props.commentCount)}
        </Button>
        {props.signedIn && !props.isOwn && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            aria-label={`Report review by ${props.author}`}
            onClick={() => setReporting(true)}
          >
            Report
          </Button>
        )}
      </Group>
      <div id={threadId}>{open && <CommentThread reviewId={props.reviewId} signedIn={props.signedIn} />}</div>
      <ReportDialog
        target={reporting ? { review_id: props.reviewId } : null}
        what="review"
        onClose={() => setReporting(false)}
      />
    </Stack>
  );
}

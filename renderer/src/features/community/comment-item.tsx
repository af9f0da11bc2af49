// One comment: its author, when it was written (and that it was edited), the text with clickable links, and
// what the viewer may do with it: edit and delete their own, remove one on their review, report another's.
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MAX_COMMENT_LENGTH } from '@shared/api/community';
import type { ReviewComment } from '@shared/api/community';
import { UserAvatar } from '../../components/user-avatar';
import { formatShortDate } from '../../lib/format-date';
import { userPath } from '../../paths';
import { messageOf } from '../../platform/errors';
import { LinkedText } from './linked-text';
import { useCommunityActions } from './use-community-actions';

export interface CommentItemProps {
  comment: ReviewComment;
  signedIn: boolean;
  onReport: (commentId: string) => void;
}

export function CommentItem({ comment, signedIn, onReport }: CommentItemProps) {
  const actions = useCommunityActions();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const who = comment.author.username;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="review-comment">
      <UserAvatar username={who} avatarUrl={comment.author.avatar_url} size="sm" radius="xl" />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs">
          <Anchor component={Link} to={userPath(who)} size="sm" fw={600}>
            {who}
          </Anchor>
          <Text size="xs" c="dimmed">
            <time dateTime={comment.created_at}>{formatShortDate(comment.created_at)}</time>
            {comment.edited_at && ' · edited'}
          </Text>
        </Group>
        {draft === null ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkedText text={comment.body} />
          </Text>
        ) : (
          <Textarea
            aria-label="Edit your comment"
            value={draft}
            maxLength={MAX_COMMENT_LENGTH}
            autosize
            minRows={2}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap={4}>
          {draft !== null ? (
            <>
              <Button
                size="compact-xs"
                loading={busy}
                onClick={() =>
                  void run(async () => {
                    await actions.editComment(comment.id, draft);
                    setDraft(null);
                  })
                }
              >
                Save
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              {comment.can_edit && (
                <Button size="compact-xs" variant="subtle" onClick={() => setDraft(comment.body)}>
                  Edit
                </Button>
              )}
              {comment.can_remove && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={busy}
                  aria-label={comment.can_edit ? 'Delete your comment' : `Remove comment by ${who}`}
                  onClick={() => void run(() => actions.deleteComment(comment.id))}
                >
                  {comment.can_edit ? 'Delete' : 'Remove'}
                </Button>
              )}
              {signedIn && !comment.can_edit && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  aria-label={`Report comment by ${who}`}
                  onClick={() => onReport(comment.id)}
                >
                  Report
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

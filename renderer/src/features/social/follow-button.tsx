// Follow, Requested or Following for one reader, as the viewer stands with them (reader-relationship, a
// viewer's own answer). Following is one way; a reader who approves followers gets a request. Shown only to
// a signed-in reader looking at someone else.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useSocialActions } from './use-social-actions';

export function FollowButton({
  userId,
  name,
  size = 'sm',
}: {
  userId: string;
  name: string;
  size?: 'xs' | 'sm';
}) {
  const relation = useSfQuery('reader-relationship', { user_id: userId });
  const actions = useSocialActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = relation.data?.following ?? 'none';

  if (relation.data?.blocked) return null;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not change the follow. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const label = state === 'accepted' ? 'Following' : state === 'requested' ? 'Requested' : 'Follow';
  const hint =
    state === 'accepted'
      ? `Unfollow ${name}`
      : state === 'requested'
        ? `Withdraw your request to follow ${name}`
        : undefined;
  return (
    <div>
      <Button
        size={size}
        variant={state === 'none' ? 'filled' : 'default'}
        loading={busy || relation.isPending}
        aria-label={hint ?? `Follow ${name}`}
        title={hint}
        onClick={() => void run(() => (state === 'none' ? actions.follow(userId) : actions.unfollow(userId)))}
      >
        {label}
      </Button>
      {error && (
        <Text size="xs" c="red" role="alert" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}

// A like toggle and its count. The toggle says what it does and whether it is pressed (aria-pressed), so it
// reads well with a screen reader; signed-out visitors have no toggle. The count is a button of its own that
// opens who liked (LikersDialog), for anyone, once there is someone to show.
import { Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { LikeTarget } from '@shared/api/community';
import { messageOf } from '../../platform/errors';
import { LikersDialog } from './likers-dialog';
import { useCommunityActions } from './use-community-actions';

export const likesText = (count: number) => (count === 1 ? '1 like' : `${count} likes`);

export interface LikeButtonProps {
  target: LikeTarget;
  liked: boolean;
  count: number;
  /** Null for a signed-out visitor: the count shows, the button does not. */
  signedIn: boolean;
  /** What is liked, for the button's accessible name ("Like review by ada"). */
  label: string;
}

export function LikeButton({ target, liked, count, signedIn, label }: LikeButtonProps) {
  const actions = useCommunityActions();
  // The answer of the last click, until fresh like states arrive.
  const [state, setState] = useState<{ liked: boolean; like_count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showLikers, setShowLikers] = useState(false);
  // The dialog is unmounted when it closes, before Mantine's own focus return can run, so focus goes back
  // to the count that opened it here (a keyboard user goes on from where they were).
  const countRef = useRef<HTMLButtonElement>(null);
  const shown = state ?? { liked, like_count: count };
  const countButton =
    shown.like_count > 0 ? (
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        ref={countRef}
        aria-haspopup="dialog"
        aria-label={`${likesText(shown.like_count)}: see who liked ${label}`}
        onClick={() => setShowLikers(true)}
      >
        {likesText(shown.like_count)}
      </Button>
    ) : (
      <Text size="sm" c="dimmed" component="span">
        {likesText(shown.like_count)}
      </Text>
    );
  const likers = showLikers && (
    <LikersDialog
      target={target}
      label={label}
      onClose={() => {
        setShowLikers(false);
        countRef.current?.focus();
      }}
    />
  );
  if (!signedIn)
    return (
      <>
        {countButton}
        {likers}
      </>
    );
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await actions.setLiked(target, !shown.liked));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group gap={2} wrap="nowrap" component="span">
        <Button
          size="compact-sm"
          variant={shown.liked ? 'light' : 'subtle'}
          color={shown.liked ? 'red' : 'gray'}
          aria-pressed={shown.liked}
          aria-label={`${shown.liked ? 'Unlike' : 'Like'} ${label}, ${likesText(shown.like_count)}`}
          loading={busy}
          onClick={() => void toggle()}
        >
          {/* A heart alone: its name (and the count beside it) say the rest, so no visible word can
              disagree with the spoken name (WCAG 2.5.3, label in name). */}
          <span aria-hidden="true">{shown.liked ? '♥' : '♡'}</span>
        </Button>
        {countButton}
      </Group>
      {likers}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

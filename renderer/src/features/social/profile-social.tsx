// The social part of a profile's header: follower and following counts (each opening its list) and, for a
// signed-in reader looking at someone else, the follow button and the block and mute menu.
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { ReaderCard } from '@shared/api/social';
import { useSession } from '../../session/session-context';
import { readerName } from './activity-text';
import { FollowButton } from './follow-button';
import { FollowListDialog } from './follow-list-dialog';
import { ReaderSafetyMenu } from './reader-safety-menu';
import type { FollowDirection } from './follow-list-dialog';

export function ProfileSocial({
  reader,
  followers,
  following,
}: {
  reader: ReaderCard;
  followers: number;
  following: number;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState<FollowDirection | null>(null);
  const count = (n: number, one: string, many: string) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen('followers')}>
        {count(followers, 'follower', 'followers')}
      </Button>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen('following')}>
        {`${following.toLocaleString('en-US')} following`}
      </Button>
      {user && user.id !== reader.id && (
        <>
          <FollowButton userId={reader.id} name={readerName(reader)} />
          <ReaderSafetyMenu userId={reader.id} name={readerName(reader)} />
        </>
      )}
      {open && <FollowListDialog username={reader.username} direction={open} onClose={() => setOpen(null)} />}
    </Group>
  );
}

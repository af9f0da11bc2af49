// A reader card in a list (suggestions, follow lists): avatar and name linking to their profile, a line
// under it, and the follow button and block and mute menu unless it is the viewer themself.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ReaderCard } from '@shared/api/social';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../session/session-context';
import { readerName } from './activity-text';
import { FollowButton } from './follow-button';
import { ReaderSafetyMenu } from './reader-safety-menu';

export function ReaderRow({
  reader,
  note,
  actions,
}: {
  reader: ReaderCard;
  note?: string;
  actions?: ReactNode;
}) {
  const { user } = useSession();
  const name = readerName(reader);
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <UserAvatar username={reader.username} avatarUrl={reader.avatar_url} size="md" radius="xl" />
        <Stack gap={0} miw={0}>
          <Anchor
            component={Link}
            to={`/user/${reader.username}`}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {note ?? `@${reader.username}`}
          </Text>
        </Stack>
      </Group>
      {actions ??
        (user && user.id !== reader.id ? (
          <Group gap={4} wrap="nowrap">
            <FollowButton userId={reader.id} name={name} size="xs" />
            <ReaderSafetyMenu userId={reader.id} name={name} />
          </Group>
        ) : null)}
    </Group>
  );
}

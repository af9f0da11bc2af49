// Friends Activity lines: who did what, each part a link to the reader, the work, the shelf or the review,
// with the day it happened. Shared by the dashboard panel and the /activity page.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ActivityItem } from '@shared/api/social';
import { BookCover } from '../../components/book-cover';
import { UserAvatar } from '../../components/user-avatar';
import { formatShortDate } from '../../lib/format-date';
import { activityParts } from './activity-text';

function ActivityLine({ item }: { item: ActivityItem }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="activity-line">
      <UserAvatar username={item.reader.username} avatarUrl={item.reader.avatar_url} size="md" radius="xl" />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {activityParts(item).map((part, i) =>
            'to' in part ? (
              <Anchor
                key={i}
                component={Link}
                to={part.to}
                fw={part.kind === 'reader' ? 600 : undefined}
                fs={part.kind === 'work' ? 'italic' : undefined}
                inherit
              >
                {part.text}
              </Anchor>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={item.at}>{formatShortDate(item.at)}</time>
        </Text>
      </Stack>
      {item.work && <BookCover url={item.work.cover_url} title={item.work.title} width={36} />}
    </Group>
  );
}

export function ActivityList({ items }: { items: readonly ActivityItem[] }) {
  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <ActivityLine key={item.id} item={item} />
      ))}
    </Stack>
  );
}

// Friends Activity lines: who did what, each part a link to the reader, the work, the shelf or the review,
// with the day it happened. Shared by the dashboard panel and the /activity page.
import { Group, Stack, Text } from '@mantine/core';
import type { ActivityItem } from '@shared/api/social';
import { BookCover } from '../../components/book-cover';
import { UserAvatar } from '../../components/user-avatar';
import { formatShortDate } from '../../lib/format-date';
import { useSfQuery } from '../../hooks/use-sf-query';
import { LikeButton } from '../community/like-button';
import { ActivityPartsText } from './activity-parts-text';
import { activityParts } from './activity-text';

interface LikeState {
  liked: boolean;
  like_count: number;
}

function ActivityLine({ item, like }: { item: ActivityItem; like: LikeState }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="activity-line">
      <UserAvatar username={item.reader.username} avatarUrl={item.reader.avatar_url} size="md" radius="xl" />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <ActivityPartsText parts={activityParts(item)} />
        </Text>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            <time dateTime={item.at}>{formatShortDate(item.at)}</time>
          </Text>
          <LikeButton
            target={{ activity_id: item.id }}
            liked={like.liked}
            count={like.like_count}
            signedIn
            label={`${item.reader.username}'s activity`}
          />
        </Group>
      </Stack>
      {item.work && <BookCover url={item.work.cover_url} title={item.work.title} width={36} />}
    </Group>
  );
}

/** Friends Activity is the signed-in reader's own: every line has a like toggle with its count. */
export function ActivityList({ items }: { items: readonly ActivityItem[] }) {
  const ids = items.slice(0, 100).map((i) => i.id);
  const likes = useSfQuery('like-states', { activity_ids: ids }, { enabled: ids.length > 0 });
  const byId = new Map(likes.data?.likes.map((l) => [l.id, l]));
  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <ActivityLine key={item.id} item={item} like={byId.get(item.id) ?? { liked: false, like_count: 0 }} />
      ))}
    </Stack>
  );
}

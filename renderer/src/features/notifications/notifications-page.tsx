// /notifications (issue 27): the reader's notifications, newest first, a page at a time ("Show more"); each
// says who did what with links to them and the subject, unread ones stand out and can be marked read one by
// one (following a link marks it too) or all at once.
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationItem } from '@shared/api/notifications';
import { UserAvatar } from '../../components/user-avatar';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { formatShortDate } from '../../lib/format-date';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';
import { ActivityPartsText } from '../social/activity-parts-text';
import { notificationParts, notificationSentence } from './notification-text';
import { ShowMoreButton } from '../../components/show-more-button';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const NO_NOTIFICATIONS =
  'Nothing yet. When readers follow you, like or comment, you will see it here.';
const PAGE = 20;

function useMarkRead() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return {
    one: async (id: string) => {
      await backend.sf('mark-notification-read', { notification_id: id });
      await markStale(queryClient, 'notificationsRead');
    },
    all: async () => {
      await backend.sf('mark-all-notifications-read', {});
      await markStale(queryClient, 'notificationsRead');
    },
  };
}

function NotificationLine({
  item,
  onRead,
}: {
  item: NotificationItem;
  onRead: (id: string) => Promise<void>;
}) {
  const read = () => {
    if (!item.read) void onRead(item.id);
  };
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="notification"
      data-read={item.read}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        // Unread stands out by a bar at its start, not a tint: a tint under the links costs them contrast.
        borderInlineStart: `3px solid ${item.read ? 'transparent' : 'var(--mantine-color-blue-filled)'}`,
      }}
    >
      <UserAvatar username={item.actor.username} avatarUrl={item.actor.avatar_url} size="md" radius="xl" />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {!item.read && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
          <ActivityPartsText parts={notificationParts(item)} onFollow={read} />
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={item.at}>{formatShortDate(item.at)}</time>
        </Text>
      </Stack>
      {!item.read && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={read}
          aria-label={`Mark as read: ${notificationSentence(item)}`}
        >
          Mark as read
        </Button>
      )}
    </Group>
  );
}

export function NotificationsPage() {
  usePageTitle(NOTIFICATIONS_TITLE);
  const backend = useBackend();
  const mark = useMarkRead();
  const [error, setError] = useState<string | null>(null);
  const pages = useInfiniteQuery({
    // Under the notifications key, so marking read (and a block) refreshes this list too.
    queryKey: [...sfQueryKey('notifications', { limit: PAGE }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('notifications', { limit: PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const loaded = pages.data?.pages ?? [];
  const items = loaded.flatMap((p) => p.items);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not mark notifications read. Try again.'));
    }
  };

  let body;
  if (pages.isError && loaded.length === 0) {
    body = <Alert color="red">{loadFailureMessage(pages.error, 'Could not load your notifications.')}</Alert>;
  } else if (loaded.length === 0) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading notifications">
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (items.length === 0) {
    body = <Text>{NO_NOTIFICATIONS}</Text>;
  } else {
    body = (
      <Stack gap="md">
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <NotificationLine key={item.id} item={item} onRead={(id) => run(() => mark.one(id))} />
          ))}
        </Stack>
        <ShowMoreButton pages={pages} />
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl" px={{ base: 'sm', xs: 'md' }}>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Title order={1}>{NOTIFICATIONS_TITLE}</Title>
        {items.some((n) => !n.read) && (
          <Button variant="default" onClick={() => void run(mark.all)}>
            Mark all as read
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert" mb="sm">
          {error}
        </Text>
      )}
      <Paper withBorder p="md" radius="md">
        {body}
      </Paper>
    </Container>
  );
}

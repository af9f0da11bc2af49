// Settings → Notifications (issue 27): which kinds of notification the reader gets (kept on the server, so
// every device and the server's own triggers honour it), and on desktop whether they also show as the
// computer's own notifications.
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTIFICATION_KINDS } from '@shared/api/notifications';
import type { NotificationKind, NotificationSettings } from '@shared/api/notifications';
import { useSfQuery } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';
import { DesktopNotificationsSwitch } from './desktop-notifications-switch';
import { SettingsCard } from './settings-card';

export const NOTIFICATIONS_SETTINGS_TITLE = 'Notifications';

export const KIND_LABELS: Record<NotificationKind, string> = {
  follower: 'New followers',
  follow_request: 'Requests to follow you',
  request_approved: 'Your follow requests approved',
  like: 'Likes of your reviews and updates',
  comment: 'Comments on your reviews',
  reply: 'Replies where you commented',
};

export function NotificationsSection() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const settings = useSfQuery('notification-settings', {});
  // The switch moves at once while the change is saved; a refusal puts back what the server holds.
  const [pending, setPending] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = pending ?? settings.data;

  const change = async (kind: NotificationKind, on: boolean) => {
    if (!shown) return;
    const next = { kinds: { ...shown.kinds, [kind]: on } };
    setPending(next);
    setError(null);
    try {
      await backend.sf('update-notification-settings', next);
      await markStale(queryClient, 'notificationSettings');
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not save your notification choices. Try again.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <SettingsCard title={NOTIFICATIONS_SETTINGS_TITLE}>
      {settings.isError ? (
        <Alert color="red">
          {loadFailureMessage(settings.error, 'Could not load your notification choices.')}
        </Alert>
      ) : (
        <Stack gap="xs" role="group" aria-label="Notify me of">
          <Text fw={600} size="sm">
            Notify me of
          </Text>
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={KIND_LABELS[kind]}
              checked={shown?.kinds[kind] ?? true}
              disabled={!shown || pending !== null}
              onChange={(event) => void change(kind, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <DesktopNotificationsSwitch />
    </SettingsCard>
  );
}

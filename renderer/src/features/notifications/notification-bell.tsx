// The bell in the header (issue 27): a link to /notifications named with the unread count, which a badge
// also shows ("99+" past the server's cap).
import { ActionIcon, Indicator } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { UNREAD_COUNT_CAP } from '@shared/api/notifications';
import { BellIcon } from '../../components/icons';
import { useUnreadCount } from './use-unread-count';

export const NOTIFICATIONS_PATH = '/notifications';

export const bellLabel = (unread: number) =>
  unread === 0
    ? 'Notifications'
    : `Notifications, ${unread >= UNREAD_COUNT_CAP ? `more than ${UNREAD_COUNT_CAP - 1}` : unread} unread`;

export function NotificationBell() {
  const unread = useUnreadCount();
  const { pathname } = useLocation();
  const shown = unread >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(unread);
  return (
    <Indicator label={shown} size={18} disabled={unread === 0} color="red" offset={4} aria-hidden={false}>
      <ActionIcon
        component={Link}
        to={NOTIFICATIONS_PATH}
        variant={pathname === NOTIFICATIONS_PATH ? 'light' : 'subtle'}
        color={pathname === NOTIFICATIONS_PATH ? undefined : 'gray'}
        size="lg"
        aria-label={bellLabel(unread)}
        aria-current={pathname === NOTIFICATIONS_PATH ? 'page' : undefined}
        data-testid="notification-bell"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}

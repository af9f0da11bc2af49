// /sf/ notification calls (issue 27): the bell's count, the list, marking read, and the kinds that notify.
import type { notificationsEndpoints } from '@shared/api/notifications';
import type { AreaHandlers } from '../../http/handler-context';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications';
import { notificationSettings, updateNotificationSettings } from './settings';

const ok = { ok: true } as const;

export const notificationsHandlers = {
  async 'notification-count'(_input, { deps, user }) {
    return { unread: await unreadCount(deps.db, user.userId) };
  },
  async notifications(input, { deps, user }) {
    return listNotifications(deps.db, user.userId, input);
  },
  async 'mark-notification-read'({ notification_id }, { deps, user }) {
    await markRead(deps.db, user.userId, notification_id);
    return ok;
  },
  async 'mark-all-notifications-read'(_input, { deps, user }) {
    await markAllRead(deps.db, user.userId);
    return ok;
  },
  async 'notification-settings'(_input, { deps, user }) {
    return notificationSettings(deps.db, user.userId);
  },
  async 'update-notification-settings'(input, { deps, user }) {
    return updateNotificationSettings(deps.db, user.userId, input);
  },
} satisfies AreaHandlers<typeof notificationsEndpoints>;

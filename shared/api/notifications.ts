// Contracts of notifications (issue 27): the bell's unread count, the list, marking read, and which kinds
// notify. Who may be shown in a notification is decided by the one visibility rule (shared/domain/social-visibility.ts, 'notification').
import { z } from 'zod';
import { empty, endpoint, id, ok } from './common';
import type { EndpointDef } from './common';
import { readingCursor } from './reading';
import { readerCard } from './social';

export const notificationKind = z.enum([
  'follower',
  'follow_request',
  'request_approved',
  'like',
  'comment',
  'reply',
]);
export type NotificationKind = z.infer<typeof notificationKind>;
export const NOTIFICATION_KINDS = notificationKind.options;

/** The bell counts unread notifications up to this many and shows "99+" past it: a bounded index range. */
export const UNREAD_COUNT_CAP = 100;
export const NOTIFICATIONS_PAGE = 20;

export const notificationItem = z.object({
  id,
  kind: notificationKind,
  /** When it last happened (a collapsed notification moves up with each new like or comment). */
  at: z.string(),
  read: z.boolean(),
  /** Who did it most recently. */
  actor: readerCard,
  /** How many others did the same to the same subject since it was last read ("and 3 others"). */
  others: z.number().int().nonnegative(),
  /** The review liked or commented on, with its work (reviews are shown on the work's page). */
  review: z.object({ id, work_id: id, title: z.string() }).nullable(),
  /** The activity line liked: its work when it is about one, else null (the line itself is in /activity). */
  activity: z.object({ id, work: z.object({ id, title: z.string() }).nullable() }).nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

const kindSwitches = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export const notificationSettings = z.object({ kinds: kindSwitches.strict() });
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationsEndpoints = {
  /** Unread notifications, counted up to UNREAD_COUNT_CAP; polled by the bell, so it is kept cheap. */
  'notification-count': endpoint('user', empty, z.object({ unread: z.number().int().nonnegative() })),
  /** The caller's notifications, newest first, paged by cursor. */
  notifications: endpoint(
    'user',
    z
      .object({
        limit: z.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE),
        after: readingCursor.optional(),
      })
      .strict(),
    z.object({ items: z.array(notificationItem), next_cursor: z.string().nullable() }),
  ),
  /** Marks one of the caller's notifications read; 404 for anyone else's. */
  'mark-notification-read': endpoint('user', z.object({ notification_id: id }).strict(), ok),
  /** Marks every notification read. */
  'mark-all-notifications-read': endpoint('user', empty, ok),
  /** Which kinds notify; a kind turned off stops new notifications of it (those kept stay). */
  'notification-settings': endpoint('user', empty, notificationSettings),
  'update-notification-settings': endpoint('user', notificationSettings.strict(), notificationSettings),
} satisfies Record<string, EndpointDef>;

// Which kinds of notification a reader wants (Settings). Stored as the kinds turned off, so a kind added
// later is on for everyone until they turn it off; the triggers of migration 0145 read the same row.
import { NOTIFICATION_KINDS } from '@shared/api/notifications';
import type { NotificationKind, NotificationSettings } from '@shared/api/notifications';
import type { Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';

function toSettings(off: readonly string[]): NotificationSettings {
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.includes(k)]));
  return { kinds: kinds as Record<NotificationKind, boolean> };
}

export async function notificationSettings(q: Queryable, viewerId: string): Promise<NotificationSettings> {
  const row = await maybeOne<{ off_kinds: string[] }>(
    q,
    'select off_kinds from public.notification_settings where user_id = $1',
    [viewerId],
  );
  return toSettings(row?.off_kinds ?? []);
}

export async function updateNotificationSettings(
  q: Queryable,
  viewerId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const off = NOTIFICATION_KINDS.filter((k) => !settings.kinds[k]);
  const row = await maybeOne<{ off_kinds: string[] }>(
    q,
    `insert into public.notification_settings (user_id, off_kinds) values ($1, $2::text[])
     on conflict (user_id) do update set off_kinds = excluded.off_kinds, updated_at = now()
     returning off_kinds`,
    [viewerId, off],
  );
  return toSettings(row?.off_kinds ?? off);
}

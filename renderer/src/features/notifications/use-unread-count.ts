// The bell's unread count, fresh: asked again every half minute while the page is in view and whenever the
// window regains focus (the count is one bounded index range on the server, so polling costs little). The
// desktop app's main process sees these answers as it proxies them and raises native notifications from
// them (electron/main/social-notifications.ts).
import { useSfQuery } from '../../hooks/use-sf-query';

export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount(): number {
  const count = useSfQuery(
    'notification-count',
    {},
    { refetchInterval: UNREAD_POLL_MS, refetchOnWindowFocus: true },
  );
  return count.data?.unread ?? 0;
}

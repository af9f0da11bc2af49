// Native notifications for the reader's notifications (issue 27), piggybacked on the bell's own poll: main
// proxies every notification-count answer the renderer asks for, so when the unread count rises it fetches
// the newest few notifications once and raises those it has not raised before. Why not a timer in main: the
// renderer already asks every half minute, so this adds one request only when there is news, and stops
// with the window's session; the server's count is the single source, and the reader's switch in Settings
// (desktop-shell.ts) still decides whether anything shows.
import { z } from 'zod';
import { notificationItem } from '@shared/api/notifications';
import type { NotificationItem } from '@shared/api/notifications';
import type { DesktopNotice } from '@shared/desktop-bridge';

/** At most this many native notifications for one rise of the count; the rest are in the app's list. */
export const MAX_RAISED_AT_ONCE = 3;

const count = z.object({ unread: z.number() });
const page = z.object({ items: z.array(notificationItem) });

const name = (n: NotificationItem) =>
  [n.actor.first_name, n.actor.last_name].filter(Boolean).join(' ') || n.actor.username;

/** Raised by main itself, never asked for by a page (the renderer's notify stays limited to its kinds). */
export type SocialNotice = Omit<DesktopNotice, 'kind'> & { kind: 'social' };

/** The words of one notification, short enough for the OS's notification. */
export function socialNotice(n: NotificationItem): SocialNotice {
  const who = n.others > 0 ? `${name(n)} and ${n.others} ${n.others === 1 ? 'other' : 'others'}` : name(n);
  const title = n.review?.title ?? n.activity?.work?.title;
  const about = title ? ` of ${title}` : '';
  const body = {
    follower: `${who} started following you.`,
    follow_request: `${who} asked to follow you.`,
    request_approved: `${who} approved your request to follow them.`,
    like: n.review
      ? `${who} liked your review${about}.`
      : `${who} liked your update${title ? ` about ${title}` : ''}.`,
    comment: `${who} commented on your review${about}.`,
    reply: `${who} replied on a review${about} you commented on.`,
  }[n.kind];
  const path = n.review
    ? `/work/${n.review.work_id}#review-${n.review.id}`
    : n.activity?.work
      ? `/work/${n.activity.work.id}`
      : n.kind === 'follow_request'
        ? '/settings'
        : `/user/${encodeURIComponent(n.actor.username)}`;
  return { kind: 'social', title: 'Shelfwise', body, path };
}

export interface SocialNotifierDeps {
  /** The newest notifications, asked through the proxy with the session's bearer. */
  newest(limit: number): Promise<unknown>;
  notify(notice: SocialNotice): void;
  log(message: string): void;
}

export function createSocialNotifier(deps: SocialNotifierDeps) {
  // Notifications raised already, by id and time: a collapsed one moves up when it gathers more likes, and
  // is raised again only if it was read in between (then it is a new row with a new id).
  const raised = new Set<string>();
  return {
    /** Main saw a fresh notification-count answer beside the one before it. */
    async countAnswered(previous: unknown, next: unknown): Promise<void> {
      const before = count.safeParse(previous);
      const after = count.safeParse(next);
      if (!before.success || !after.success || after.data.unread <= before.data.unread) return;
      const rise = Math.min(after.data.unread - before.data.unread, MAX_RAISED_AT_ONCE);
      let answer: unknown;
      try {
        answer = await deps.newest(rise);
      } catch (error) {
        deps.log(
          `Could not read new notifications: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      const parsed = page.safeParse(answer);
      if (!parsed.success) return;
      // Oldest first, so the OS stacks the newest on top.
      for (const item of parsed.data.items.filter((i) => !i.read && !raised.has(i.id)).reverse()) {
        raised.add(item.id);
        deps.notify(socialNotice(item));
      }
    },
  };
}

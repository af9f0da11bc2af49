import { describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@shared/api/notifications';
import { createSocialNotifier, socialNotice } from './social-notifications';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: uuid(n),
  kind: 'follower',
  at: '2026-01-02T03:04:05.000Z',
  read: false,
  actor: { id: uuid(100 + n), username: `r${n}`, first_name: 'Ann', last_name: 'Lee', avatar_url: null },
  others: 0,
  review: null,
  activity: null,
  ...over,
});

function notifier(pages: NotificationItem[][]) {
  const notify = vi.fn();
  const newest = vi.fn(async () => ({ items: pages.shift() ?? [], next_cursor: null }));
  return { notify, newest, n: createSocialNotifier({ newest, notify, log: () => {} }) };
}

describe('native notifications from the bell count', () => {
  it('raises the new unread ones, oldest first, only when the count rises', async () => {
    const { n, notify, newest } = notifier([[item(2), item(1)]]);
    await n.countAnswered({ unread: 0 }, { unread: 0 });
    await n.countAnswered({ unread: 1 }, { unread: 1 });
    expect(newest).not.toHaveBeenCalled();
    await n.countAnswered({ unread: 0 }, { unread: 2 });
    expect(newest).toHaveBeenCalledWith(2);
    expect(notify.mock.calls.map(([notice]) => notice.path)).toEqual(['/user/r1', '/user/r2']);
  });

  it('never raises one twice, nor a read one, and asks for at most three', async () => {
    const { n, notify, newest } = notifier([[item(1)], [item(2), item(1), item(3, { read: true })]]);
    await n.countAnswered({ unread: 0 }, { unread: 1 });
    await n.countAnswered({ unread: 1 }, { unread: 9 });
    expect(newest).toHaveBeenLastCalledWith(3);
    expect(notify.mock.calls.map(([notice]) => notice.path)).toEqual(['/user/r1', '/user/r2']);
  });

  it('ignores answers that are not counts', async () => {
    const { n, newest } = notifier([]);
    await n.countAnswered(undefined, { unread: 3 });
    await n.countAnswered({ unread: 0 }, { error: 'x' });
    expect(newest).not.toHaveBeenCalled();
  });

  it('words each kind and opens its subject', () => {
    const review = { id: uuid(7), work_id: uuid(8), title: 'Dune' };
    expect(socialNotice(item(1, { kind: 'like', review, others: 2 }))).toEqual({
      kind: 'social',
      title: 'Shelfwise',
      body: 'Ann Lee and 2 others liked your review of Dune.',
      path: `/work/${uuid(8)}#review-${uuid(7)}`,
    });
    expect(socialNotice(item(1, { kind: 'reply', review })).body).toBe(
      'Ann Lee replied on a review of Dune you commented on.',
    );
    expect(socialNotice(item(1, { kind: 'follow_request' })).path).toBe('/settings');
  });
});

import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@shared/api/notifications';
import { notificationPath, notificationSentence } from './notification-text';

const ann = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ann',
  first_name: 'Ann',
  last_name: null,
  avatar_url: null,
};
const base: NotificationItem = {
  id: '00000000-0000-4000-8000-0000000000aa',
  kind: 'follower',
  at: '2026-01-02T03:04:05.000Z',
  read: false,
  actor: ann,
  others: 0,
  review: null,
  activity: null,
};
const review = {
  id: '00000000-0000-4000-8000-0000000000bb',
  work_id: '00000000-0000-4000-8000-0000000000cc',
  title: 'Dune',
};

describe('notification text', () => {
  it('says who did what, counting the others of a collapsed one', () => {
    expect(notificationSentence(base)).toBe('Ann started following you.');
    expect(notificationSentence({ ...base, kind: 'like', review, others: 1 })).toBe(
      'Ann and 1 other liked your review of Dune.',
    );
    expect(notificationSentence({ ...base, kind: 'like', review, others: 1200 })).toBe(
      'Ann and 1,200 others liked your review of Dune.',
    );
    expect(notificationSentence({ ...base, kind: 'comment', review })).toBe(
      'Ann commented on your review of Dune.',
    );
    expect(notificationSentence({ ...base, kind: 'reply', review })).toBe(
      'Ann replied on a review of Dune you commented on.',
    );
    expect(
      notificationSentence({
        ...base,
        kind: 'like',
        activity: { id: review.id, work: { id: review.work_id, title: 'Dune' } },
      }),
    ).toBe('Ann liked your update about Dune.');
    expect(notificationSentence({ ...base, kind: 'like', activity: { id: review.id, work: null } })).toBe(
      'Ann liked your update.',
    );
    expect(notificationSentence({ ...base, kind: 'request_approved' })).toBe(
      'Ann approved your request to follow them.',
    );
  });

  it('leads to the review, the liked line’s book, the requests, or the reader', () => {
    expect(notificationPath({ ...base, kind: 'comment', review })).toBe(
      `/work/${review.work_id}#review-${review.id}`,
    );
    expect(
      notificationPath({
        ...base,
        kind: 'like',
        activity: { id: review.id, work: { id: review.work_id, title: 'Dune' } },
      }),
    ).toBe(`/work/${review.work_id}`);
    expect(notificationPath({ ...base, kind: 'follow_request' })).toBe('/settings');
    expect(notificationPath(base)).toBe('/user/ann');
  });
});

// How one notification reads: plain words between links to the reader and the subject, so the list and its
// tests share one wording; and where the notification as a whole leads.
import type { NotificationItem } from '@shared/api/notifications';
import { userPath, workPath } from '../../paths';
import { readerName } from '../social/activity-text';
import type { ActivityPart } from '../social/activity-text';

/** Settings, where follow requests are answered. */
export const FOLLOW_REQUESTS_PATH = '/settings';

const reviewPath = (review: { id: string; work_id: string }) =>
  `${workPath(review.work_id)}#review-${review.id}`;

/** Where the notification's subject is: the review, the liked line's book, or the reader. */
export function notificationPath(n: NotificationItem): string {
  if (n.review) return reviewPath(n.review);
  if (n.activity?.work) return workPath(n.activity.work.id);
  if (n.kind === 'follow_request') return FOLLOW_REQUESTS_PATH;
  return userPath(n.actor.username);
}

export function notificationParts(n: NotificationItem): ActivityPart[] {
  const parts: ActivityPart[] = [
    { text: readerName(n.actor), to: userPath(n.actor.username), kind: 'reader' },
  ];
  if (n.others > 0) {
    parts.push({ text: ` and ${n.others.toLocaleString('en-US')} ${n.others === 1 ? 'other' : 'others'}` });
  }
  const work = (title: string, id: string): ActivityPart => ({ text: title, to: workPath(id), kind: 'work' });
  switch (n.kind) {
    case 'follower':
      return [...parts, { text: ' started following you.' }];
    case 'follow_request':
      return [
        ...parts,
        { text: ' asked to follow you. ' },
        { text: 'Answer', to: FOLLOW_REQUESTS_PATH, kind: 'review' },
      ];
    case 'request_approved':
      return [...parts, { text: ' approved your request to follow them.' }];
    case 'like':
      if (n.review) {
        return [
          ...parts,
          { text: ' liked ' },
          { text: 'your review', to: reviewPath(n.review), kind: 'review' },
          { text: ' of ' },
          work(n.review.title, n.review.work_id),
          { text: '.' },
        ];
      }
      return n.activity?.work
        ? [
            ...parts,
            { text: ' liked your update about ' },
            work(n.activity.work.title, n.activity.work.id),
            { text: '.' },
          ]
        : [...parts, { text: ' liked your update.' }];
    case 'comment':
    case 'reply': {
      const where: ActivityPart[] = n.review
        ? [
            {
              text: n.kind === 'comment' ? 'your review' : 'a review',
              to: reviewPath(n.review),
              kind: 'review',
            },
            { text: ' of ' },
            work(n.review.title, n.review.work_id),
          ]
        : [{ text: n.kind === 'comment' ? 'your review' : 'a review' }];
      return n.kind === 'comment'
        ? [...parts, { text: ' commented on ' }, ...where, { text: '.' }]
        : [...parts, { text: ' replied on ' }, ...where, { text: ' you commented on.' }];
    }
  }
}

/** The words alone, for a native notification or a screen reader's summary. */
export const notificationSentence = (n: NotificationItem) =>
  notificationParts(n)
    .map((p) => p.text)
    .join('');

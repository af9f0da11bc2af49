// How one Friends Activity line reads: plain words between links to the reader, the work, the shelf and the
// review, so the panel, the /activity page and their tests share one wording.
import type { ActivityItem, ReaderCard } from '@shared/api/social';

export type ActivityPart =
  { text: string } | { text: string; to: string; kind: 'reader' | 'work' | 'shelf' | 'review' };

export const readerName = (r: ReaderCard) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "4.5 stars", "1 star". */
export const stars = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

export function activityParts(item: ActivityItem): ActivityPart[] {
  const reader: ActivityPart = {
    text: readerName(item.reader),
    to: `/user/${item.reader.username}`,
    kind: 'reader',
  };
  // A reader's own unverified work has no page others may open (issue 26): named, not linked, as public
  // shelves do; so is the review on it.
  const linked = item.work?.verified !== false;
  const work: ActivityPart = item.work
    ? linked
      ? { text: item.work.title, to: `/work/${item.work.id}`, kind: 'work' }
      : { text: item.work.title }
    : { text: 'a book' };
  const review = (label: string): ActivityPart[] =>
    item.work && item.review_id
      ? [
          linked
            ? { text: label, to: `/work/${item.work.id}#review-${item.review_id}`, kind: 'review' }
            : { text: label },
        ]
      : [];
  switch (item.kind) {
    case 'start':
      return [reader, { text: ' started ' }, work];
    case 'dnf':
      return [reader, { text: ' did not finish ' }, work];
    case 'finish':
      return item.rating === null
        ? [reader, { text: ' finished ' }, work]
        : [
            reader,
            { text: ' finished ' },
            work,
            { text: ` and rated it ${stars(item.rating)} · ` },
            ...review('Review'),
          ];
    case 'review':
      return [
        reader,
        { text: ' reviewed ' },
        work,
        { text: item.rating === null ? '' : ` · ${stars(item.rating)}` },
        ...(item.headline
          ? [{ text: ': ' }, ...review(`“${item.headline}”`)]
          : [{ text: ' · ' }, ...review('Review')]),
      ];
    case 'shelved': {
      const shelf: ActivityPart = item.shelf
        ? { text: item.shelf.name, to: `/shelf/${item.shelf.id}`, kind: 'shelf' }
        : { text: 'a shelf' };
      const count = item.book_count ?? 1;
      return count === 1 && item.work
        ? [reader, { text: ' added ' }, work, { text: ' to ' }, shelf]
        : [reader, { text: ` added ${plural(count, 'book', 'books')} to ` }, shelf];
    }
    case 'goal':
      return [
        reader,
        {
          text: item.goal
            ? ` reached their ${item.goal.year} goal of ${plural(item.goal.target, 'book', 'books')}`
            : ' reached their reading goal',
        },
      ];
    case 'import':
      return [reader, { text: ` imported a library of ${plural(item.book_count ?? 0, 'book', 'books')}` }];
  }
}

/** The line as plain text, e.g. for an accessible name or a test. */
export const activityText = (item: ActivityItem) =>
  activityParts(item)
    .map((p) => p.text)
    .join('');

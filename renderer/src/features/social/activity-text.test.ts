import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '@shared/api/social';
import { activityParts, activityText } from './activity-text';

const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base: ActivityItem = {
  id: UUID(1),
  kind: 'start',
  at: '2025-03-04T10:00:00.000Z',
  reader: { id: UUID(2), username: 'maya_c', first_name: 'Maya', last_name: null, avatar_url: null },
  work: { id: UUID(3), title: 'Beloved', cover_url: null },
  rating: null,
  headline: null,
  review_id: null,
  shelf: null,
  book_count: null,
  goal: null,
};

describe('Friends Activity wording', () => {
  it.each<[Partial<ActivityItem>, string]>([
    [{}, 'Maya started Beloved'],
    [{ kind: 'dnf' }, 'Maya did not finish Beloved'],
    [{ kind: 'finish' }, 'Maya finished Beloved'],
    [{ kind: 'finish', rating: 1, review_id: UUID(4) }, 'Maya finished Beloved and rated it 1 star · Review'],
    [
      { kind: 'review', rating: 5, headline: 'A storm', review_id: UUID(4) },
      'Maya reviewed Beloved · 5 stars: “A storm”',
    ],
    [
      { kind: 'shelved', book_count: 1, shelf: { id: UUID(5), name: 'Owned' } },
      'Maya added Beloved to Owned',
    ],
    [
      { kind: 'shelved', work: null, book_count: 12, shelf: { id: UUID(5), name: 'To Be Read' } },
      'Maya added 12 books to To Be Read',
    ],
    [
      { kind: 'goal', work: null, goal: { year: 2025, target: 20 } },
      'Maya reached their 2025 goal of 20 books',
    ],
    [{ kind: 'import', work: null, book_count: 1200 }, 'Maya imported a library of 1,200 books'],
  ])('%o reads "%s"', (over, text) => {
    expect(activityText({ ...base, ...over })).toBe(text);
  });

  it('links the reader, the work, the shelf and the review', () => {
    const links = activityParts({
      ...base,
      kind: 'review',
      rating: 4,
      review_id: UUID(4),
    }).flatMap((p) => ('to' in p ? [p.to] : []));
    expect(links).toEqual(['/user/maya_c', `/work/${UUID(3)}`, `/work/${UUID(3)}#review-${UUID(4)}`]);
  });

  it("names a reader's unverified work without a link, and its review too, as public shelves do", () => {
    const parts = activityParts({
      ...base,
      kind: 'review',
      rating: 4,
      review_id: UUID(4),
      work: { id: UUID(3), title: 'Beloved', cover_url: null, verified: false },
    });
    expect(parts.flatMap((p) => ('to' in p ? [p.to] : []))).toEqual(['/user/maya_c']);
    expect(
      activityText({ ...base, work: { id: UUID(3), title: 'Beloved', cover_url: null, verified: false } }),
    ).toBe('Maya started Beloved');
  });
});

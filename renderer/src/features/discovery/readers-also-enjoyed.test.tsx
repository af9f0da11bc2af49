import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/api/endpoints';
import { renderApp } from '../../testing/render-app';
import { WORK_ID, workBackend } from '../work/testing/work-data';

// The work route's chunk loads lazily; loading it once up front keeps the first test inside its timeouts.
beforeAll(async () => {
  await import('../../routes/work');
});

const similar = (n: number, counts: { co_liked: number; co_finished: number }) => ({
  work_id: `0b7f5a8e-5555-4c1e-8d7e-${String(n).padStart(12, '0')}`,
  title: `Similar Book ${n}`,
  author_names: `Author ${n}`,
  cover_url: `http://covers.test/${n}.jpg`,
  rating_average: 4.5,
  rating_count: 2,
  ...counts,
});

function pageWith(items: ResponseOf<'readers-also-enjoyed'>['items']) {
  const asked: unknown[] = [];
  const backend = workBackend({
    sf: {
      'readers-also-enjoyed': (payload) => {
        asked.push(payload);
        return { items };
      },
    },
  });
  renderApp(`/work/${WORK_ID}`, backend);
  return asked;
}

describe("Work page: 'Readers also enjoyed'", () => {
  it('shows each similar work with its cover, title linking to it, author and the signal that links them', async () => {
    const asked = pageWith([
      similar(1, { co_liked: 3, co_finished: 1 }),
      similar(2, { co_liked: 0, co_finished: 2 }),
    ]);
    const section = within(await screen.findByRole('region', { name: 'Readers also enjoyed' }));
    expect(asked).toEqual([{ work_id: WORK_ID, limit: 6 }]);
    const cards = within(section.getByRole('list', { name: 'Readers also enjoyed' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Similar Book 1' })).toHaveAttribute(
      'href',
      `/work/${similar(1, { co_liked: 0, co_finished: 0 }).work_id}`,
    );
    expect(first.getByText('by Author 1')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Cover of Similar Book 1' })).toHaveAttribute(
      'src',
      expect.stringContaining('http://covers.test/1.jpg'),
    );
    // The reason names this page's work, in italics, and says only what the counts hold.
    expect(cards[0]).toHaveTextContent('Readers who liked The Pillow Book also liked this');
    expect(first.getByText('The Pillow Book').tagName).toBe('EM');
    expect(cards[1]).toHaveTextContent('Readers who finished The Pillow Book also finished this');
    expect(cards[1]).not.toHaveTextContent('liked');
  });

  it('is absent when no reader liked or finished this work alongside another', async () => {
    pageWith([]);
    await screen.findByRole('heading', { level: 1, name: 'The Pillow Book' });
    await screen.findByRole('region', { name: 'All Editions' });
    expect(screen.queryByRole('heading', { name: 'Readers also enjoyed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Readers also enjoyed' })).not.toBeInTheDocument();
  });
});

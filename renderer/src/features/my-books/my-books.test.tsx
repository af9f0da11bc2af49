import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Shelf } from '@shared/api/shelves';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const shelves: Shelf[] = [
  { id: uuid(1), name: 'Currently Reading', description: null, slug: 'currently-reading' },
  { id: uuid(2), name: 'Read', description: null, slug: 'read' },
  { id: uuid(3), name: 'To Be Read', description: null, slug: 'to-be-read' },
  { id: uuid(4), name: 'Favorites', description: null, slug: 'favorites' },
  { id: uuid(5), name: 'Owned', description: null, slug: 'owned' },
  { id: uuid(6), name: 'Beach Books', description: null, slug: null },
];

describe('My Books (SPEC.md §2)', () => {
  it("lists 'My Shelves' in order, each linking to /shelf/{id} with its count (0 when missing)", async () => {
    renderApp(
      '/my-books',
      fakeBackend({
        session: sessionFor(),
        sf: {
          'list-shelves': () => shelves,
          'shelf-counts': () => ({ counts: { [uuid(1)]: 1, [uuid(2)]: 12, [uuid(6)]: 3 } }),
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My Books' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Books | Shelfwise'));
    const section = within(screen.getByRole('region', { name: 'My Shelves' }));
    await section.findByRole('link', { name: 'Read, 12 books' });
    const links = section.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Currently Reading, 1 book',
      'Read, 12 books',
      'To Be Read, 0 books',
      'Favorites, 0 books',
      'Owned, 0 books',
      'Beach Books, 3 books',
    ]);
    expect(within(links[1]!).getByText('Read')).toBeInTheDocument();
    expect(within(links[1]!).getByText('12')).toBeInTheDocument();
    expect(links.map((l) => l.getAttribute('href'))).toEqual(shelves.map((s) => `/shelf/${s.id}`));
  });

  it('shows every count as 0 while the counts are unavailable', async () => {
    renderApp('/my-books', fakeBackend({ session: sessionFor(), sf: { 'list-shelves': () => shelves } }));
    expect(await screen.findByRole('link', { name: 'Beach Books, 0 books' })).toHaveAttribute(
      'href',
      `/shelf/${uuid(6)}`,
    );
  });

  it('shows skeletons while the shelves load', async () => {
    renderApp(
      '/my-books',
      fakeBackend({ session: sessionFor(), sf: { 'list-shelves': () => new Promise(() => undefined) } }),
    );
    expect(await screen.findByRole('status', { name: 'Loading shelves' })).toBeInTheDocument();
  });
});

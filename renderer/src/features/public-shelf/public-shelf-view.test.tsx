import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShelfItem } from '@shared/api/shelves';
import { SfError } from '../../platform/errors';
import { fakeBackend } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { NOT_IN_CATALOGUE } from './public-shelf-item';

const SHELF_ID = '5a0c6a3e-2b1d-4f7e-8c9a-0d1e2f3a4b5c';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(n: number, overrides: Partial<ShelfItem> = {}): ShelfItem {
  return {
    sort_key: `a${String(n).padStart(4, '0')}`,
    added_at: '2025-03-04T12:00:00.000Z',
    my_rating: null,
    average_rating: null,
    rating_count: 0,
    editions: {
      id: uuid(1000 + n),
      title: `Book ${n}`,
      page_count: null,
      edition_authors: [],
      cover_url: null,
    },
    works: { id: uuid(2000 + n), title: `Book ${n}` },
    ...overrides,
  };
}

const PERSUASION = item(1, {
  my_rating: 4.5,
  average_rating: 4.25,
  editions: {
    id: uuid(11),
    title: 'Persuasion',
    page_count: 249,
    edition_authors: [
      { authors: { id: uuid(21), name: 'Jane Austen' } },
      { authors: { id: uuid(22), name: 'Gillian Beer' } },
    ],
    cover_url: null,
  },
  works: { id: uuid(31), title: 'Persuasion' },
});

describe('Public shelf (signed-out /shelf/{id})', () => {
  it('shows a book its owner added themselves, not yet in the catalogue, without links', async () => {
    const own = item(3, {
      editions: {
        id: uuid(13),
        title: 'Tides of Quill',
        page_count: null,
        edition_authors: [{ authors: { id: uuid(23), name: 'Odile Q' } }],
        cover_url: null,
      },
      works: { id: uuid(33), title: 'Tides of Quill', verified: false },
    });
    const backend = fakeBackend({
      sf: { 'public-shelf': () => ({ shelf: { name: 'Mine', username: 'ada' }, items: [own, PERSUASION] }) },
    });
    renderApp(`/shelf/${SHELF_ID}`, backend);
    const books = within(await screen.findByRole('list', { name: 'Books on this shelf' })).getAllByRole(
      'listitem',
    );
    expect(within(books[0]!).getByText('Tides of Quill')).toBeInTheDocument();
    expect(within(books[0]!).queryAllByRole('link')).toEqual([]);
    expect(within(books[0]!).getByText(NOT_IN_CATALOGUE)).toBeInTheDocument();
    expect(within(books[1]!).getByRole('link', { name: 'Persuasion' })).toBeInTheDocument();
  });

  it("shows the shelf's name, owner and books, linking each to its edition and first author", async () => {
    const backend = fakeBackend({
      sf: { 'public-shelf': () => ({ shelf: { name: 'Regency', username: 'ada' }, items: [PERSUASION] }) },
    });
    renderApp(`/shelf/${SHELF_ID}`, backend);
    expect(await screen.findByRole('heading', { name: 'Regency' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@ada' })).toHaveAttribute('href', '/user/ada');
    const book = within(screen.getByRole('list', { name: 'Books on this shelf' })).getByRole('listitem');
    expect(within(book).getByRole('link', { name: 'Persuasion' })).toHaveAttribute(
      'href',
      `/work/${uuid(31)}?edition=${uuid(11)}`,
    );
    expect(within(book).getByRole('link', { name: 'Jane Austen' })).toHaveAttribute(
      'href',
      `/author/${uuid(21)}`,
    );
    expect(within(book).queryByRole('link', { name: 'Gillian Beer' })).not.toBeInTheDocument();
    expect(book).toHaveTextContent('by Jane Austen, Gillian Beer');
    for (const text of ['249 pages', 'Rating: 4.5', 'Avg: 4.25', 'Added Mar 4, 2025'])
      expect(within(book).getByText(text)).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('public-shelf', { shelf_id: SHELF_ID, limit: 100, after: null });
    await waitFor(() => expect(document.title).toBe('Regency | Shelfwise'));
  });

  it("says 'This shelf is empty.' for a shelf without books", async () => {
    renderApp(
      `/shelf/${SHELF_ID}`,
      fakeBackend({
        sf: { 'public-shelf': () => ({ shelf: { name: 'Owned', username: 'ada' }, items: [] }) },
      }),
    );
    expect(await screen.findByText('This shelf is empty.')).toBeInTheDocument();
  });

  it('loads the next page from the last sort_key when a page is full', async () => {
    const full = Array.from({ length: 100 }, (_, i) => item(i + 1));
    const backend = fakeBackend({
      sf: {
        'public-shelf': (payload) => {
          const { after } = payload as { after: string | null };
          return { shelf: { name: 'Big', username: 'ada' }, items: after ? [item(101)] : full };
        },
      },
    });
    renderApp(`/shelf/${SHELF_ID}`, backend);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Book 101' })).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('public-shelf', {
      shelf_id: SHELF_ID,
      limit: 100,
      after: 'a0100',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(101);
  });

  it.each([
    [404, 'not_found', 'Shelf not found'],
    [400, 'invalid_input', 'shelf_id: must be a UUID'],
  ])("says 'Shelf not found' for a %s answer", async (status, code, error) => {
    const backend = fakeBackend({
      sf: {
        'public-shelf': () => {
          throw new SfError({ status, code, error });
        },
      },
    });
    renderApp(`/shelf/${SHELF_ID}`, backend);
    expect(await screen.findByRole('heading', { name: 'Shelf not found' })).toBeInTheDocument();
  });

  it("shows the server's message for other failures, else 'Failed to load shelf'", async () => {
    const failing = (error: string) =>
      fakeBackend({
        sf: {
          'public-shelf': () => {
            throw new SfError({ status: 500, code: 'internal', error });
          },
        },
      });
    const view = renderApp(`/shelf/${SHELF_ID}`, failing('Database is down'));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    view.unmount();
    renderApp(`/shelf/${SHELF_ID}`, failing(''));
    expect(await screen.findByText('Failed to load shelf')).toBeInTheDocument();
  });
});

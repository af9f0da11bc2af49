import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShelfItem } from '@shared/api/shelves';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { SHELF_IDS, TEST_SHELVES, makeItem, makeItems } from './testing/shelf-data';
import { installIntersectionObserver, installPhoneWidth } from './testing/shelf-browser';

vi.mock('../public-shelf/public-shelf-view', () => ({
  default: ({ shelfId }: { shelfId: string }) => <p>Public view of {shelfId}</p>,
}));

type Answers = Record<string, (payload: any) => unknown>;

function reader(sf: Answers = {}) {
  return fakeBackend({
    session: sessionFor(),
    sf: { 'list-shelves': () => TEST_SHELVES, 'get-shelf-items': () => [], ...sf },
  });
}

/** A shelf server answering pages of `items` by cursor, as the real one does. */
function pagedShelf(items: ShelfItem[]) {
  return (payload: { limit: number; after?: string | null }) => {
    const rest = items.filter((i) => payload.after == null || i.sort_key > payload.after);
    return rest.slice(0, payload.limit);
  };
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const rowTitles = () => bodyRows().map((row) => within(row).getAllByRole('link')[0]!.textContent);

let scroll: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  scroll = installIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('shelf page: the table (SPEC.md §2)', () => {
  const dune = makeItem({
    title: 'Dune',
    workId: '11111111-1111-4111-8111-111111111111',
    editionId: '22222222-2222-4222-8222-222222222222',
    author: { id: '33333333-3333-4333-8333-333333333333', name: 'Frank Herbert' },
    addedAt: '2025-03-04T12:00:00.000Z',
    myRating: 3.5,
    average: 3.1,
    pages: 612,
  });

  it('shows #, Title, Author, Avg, Rating, Date Added, Pages and a row menu', async () => {
    renderApp('/read', reader({ 'get-shelf-items': () => [dune] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Read' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Read | Shelfwise'));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['#', 'Title', 'Author', 'Avg', 'Rating', 'Date Added', 'Pages', 'Actions']);

    const row = within(await screen.findByRole('row', { name: /Dune/ }));
    expect(row.getByRole('link', { name: 'Dune' })).toHaveAttribute(
      'href',
      '/work/11111111-1111-4111-8111-111111111111?edition=22222222-2222-4222-8222-222222222222',
    );
    expect(row.getByRole('link', { name: 'Frank Herbert' })).toHaveAttribute(
      'href',
      '/author/33333333-3333-4333-8333-333333333333',
    );
    // The Avg column shows the work's real community average and its stars (issue 26; SPEC's 4.2 is gone).
    expect(row.getByText('3.10')).toBeInTheDocument();
    expect(row.getByRole('img', { name: 'Community average 3.10 of 5 from 12 ratings' })).toBeInTheDocument();
    expect(row.queryByText('4.2')).not.toBeInTheDocument();
    expect(row.getByRole('img', { name: 'Your rating: 3.5 of 5' })).toBeInTheDocument();
    expect(row.getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(row.getByText('612')).toBeInTheDocument();
    expect(row.getByText('1')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Actions for Dune' })).toBeInTheDocument();
  });

  it("says 'This shelf is empty.' for an empty shelf", async () => {
    renderApp('/favorites', reader());
    expect(await screen.findByText('This shelf is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Favorites' })).toBeInTheDocument();
  });

  it('shows 5 skeleton rows while the items load', async () => {
    renderApp('/read', reader({ 'get-shelf-items': () => new Promise(() => undefined) }));
    const loading = await screen.findByRole('rowgroup', { name: 'Loading shelf' });
    expect(within(loading).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByText('This shelf is empty.')).not.toBeInTheDocument();
  });

  it('asks for the next page after the last sort_key as the reader scrolls, and stops after a short page', async () => {
    const backend = reader({ 'get-shelf-items': pagedShelf(makeItems(25)) });
    renderApp('/read', backend);
    await screen.findByText('Book 20');
    expect(bodyRows()).toHaveLength(20);
    scroll.scrollToEnd();
    await screen.findByText('Book 25');
    expect(bodyRows()).toHaveLength(25);
    scroll.scrollToEnd();
    scroll.scrollToEnd();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pageCalls = vi.mocked(backend.sf).mock.calls.filter(([name]) => name === 'get-shelf-items');
    expect(pageCalls.map(([, payload]) => payload)).toEqual([
      { shelf_id: SHELF_IDS.read, limit: 20, after: null },
      { shelf_id: SHELF_IDS.read, limit: 20, after: 'k0019' },
    ]);
  });

  it("opens someone else's shelf id in the public view", async () => {
    const other = '99999999-9999-4999-8999-999999999999';
    const backend = reader();
    renderApp(`/shelf/${other}`, backend);
    expect(await screen.findByText(`Public view of ${other}`)).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('get-shelf-items', expect.anything());
  });

  it('falls back to the public view when the owner view answers 404', async () => {
    renderApp(
      `/shelf/${SHELF_IDS.summer}`,
      reader({
        'get-shelf-items': () => {
          throw new SfError({ status: 404, code: 'not_found', error: 'Shelf not found' });
        },
      }),
    );
    expect(await screen.findByText(`Public view of ${SHELF_IDS.summer}`)).toBeInTheDocument();
  });

  it('lists the built-ins and custom shelves in the sidebar, the current one marked', async () => {
    renderApp(`/shelf/${SHELF_IDS.summer}`, reader());
    const nav = within(await screen.findByRole('navigation', { name: 'Shelves' }));
    expect(await nav.findByRole('link', { name: 'Summer Reads' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('heading', { name: 'Shelves' })).toBeInTheDocument();
    expect(nav.getByRole('heading', { name: 'Custom Shelves' })).toBeInTheDocument();
    for (const [name, path] of [
      ['Currently Reading', '/currently-reading'],
      ['Read', '/read'],
      ['To Be Read', '/to-be-read'],
      ['Favorites', '/favorites'],
      ['Owned', '/owned'],
    ])
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', path);
    expect(nav.getByRole('link', { name: 'Summer Reads' })).toHaveAttribute(
      'href',
      `/shelf/${SHELF_IDS.summer}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Reads' })).toBeInTheDocument();
  });
});

describe('shelf page: row menu', () => {
  it('removes a row by its sort_key, and keeps it removed when the call fails', async () => {
    const items = makeItems(3, 'Novel');
    const backend = reader({
      'get-shelf-items': () => items,
      'remove-shelf-item': () => {
        throw new SfError({ status: 500, code: 'internal', error: 'boom' });
      },
    });
    renderApp('/owned', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Novel 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from Shelf' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Novel 2' })).not.toBeInTheDocument());
    expect(backend.sf).toHaveBeenCalledWith('remove-shelf-item', {
      shelf_id: SHELF_IDS.owned,
      sort_key: 'k0001',
    });
    expect(rowTitles()).toEqual(['Novel 1', 'Novel 3']);
  });

  it("'Add to Shelves' ticks to add and unticks to remove, with a spinner while pending", async () => {
    const [first, second] = makeItems(2, 'Tale');
    let finishAdd: (value: unknown) => void = () => undefined;
    // The server's Read shelf: the remove below takes Tale 1 off it, as a reread then shows.
    let onRead = [first, second];
    let holding = [SHELF_IDS.read];
    const backend = reader({
      'get-shelf-items': () => onRead,
      'edition-shelves': () => holding,
      'add-to-shelf': (payload) =>
        new Promise((resolve) => {
          finishAdd = () => {
            holding = [...holding, payload.shelf_id!];
            resolve({ shelf_id: payload.shelf_id });
          };
        }),
      'remove-from-shelf': () => {
        onRead = [second];
        holding = holding.filter((id) => id !== SHELF_IDS.read);
        return { ok: true };
      },
    });
    renderApp('/read', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Tale 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to Shelves' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to Shelves' }));
    expect(await dialog.findByRole('checkbox', { name: 'Read' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Summer Reads' })).not.toBeChecked();
    expect(dialog.getAllByRole('checkbox')).toHaveLength(TEST_SHELVES.length);

    await user.click(dialog.getByRole('checkbox', { name: 'Summer Reads' }));
    expect(dialog.getByRole('checkbox', { name: 'Summer Reads' })).toBeChecked();
    expect(dialog.getByLabelText('Saving Summer Reads')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('add-to-shelf', {
      shelf_id: SHELF_IDS.summer,
      edition_id: first!.editions.id,
    });
    finishAdd(undefined);
    await waitFor(() => expect(dialog.queryByLabelText('Saving Summer Reads')).not.toBeInTheDocument());

    // Unticking the shelf on screen takes the row off it.
    await user.click(dialog.getByRole('checkbox', { name: 'Read' }));
    expect(backend.sf).toHaveBeenCalledWith('remove-from-shelf', {
      shelf_id: SHELF_IDS.read,
      edition_id: first!.editions.id,
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tale 1' })).not.toBeInTheDocument());
    expect(dialog.getByRole('checkbox', { name: 'Read' })).not.toBeChecked();
  });
});

describe('shelf page: sorting (SPEC.md §4)', () => {
  const items = [
    makeItem({ title: 'Middle', pages: 300, sortKey: 'a1', addedAt: '2025-01-02T00:00:00Z' }),
    makeItem({ title: 'Long', pages: 900, sortKey: 'a2', addedAt: '2025-01-01T00:00:00Z' }),
    makeItem({ title: 'Short', pages: 90, sortKey: 'a3', addedAt: '2025-01-03T00:00:00Z' }),
  ];

  it('sorts by the chosen mode, descending first, with a direction toggle; drag only in User Order', async () => {
    renderApp('/read', reader({ 'get-shelf-items': () => items }));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Short' });
    expect(rowTitles()).toEqual(['Middle', 'Long', 'Short']);
    expect(screen.getByRole('button', { name: 'Move Middle' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sort direction/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Alphabetical' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Page Length');
    expect(rowTitles()).toEqual(['Long', 'Middle', 'Short']);
    expect(screen.queryByRole('button', { name: 'Move Middle' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(rowTitles()).toEqual(['Short', 'Middle', 'Long']);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Date Added');
    expect(screen.getByRole('button', { name: 'Sort direction: descending' })).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Short', 'Middle', 'Long']);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'User Order');
    expect(rowTitles()).toEqual(['Middle', 'Long', 'Short']);
  });

  it('offers Alphabetical with a Reverse option on custom shelves', async () => {
    renderApp(`/shelf/${SHELF_IDS.summer}`, reader({ 'get-shelf-items': () => items }));
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Short' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Alphabetical');
    expect(rowTitles()).toEqual(['Long', 'Middle', 'Short']);
    await user.click(screen.getByRole('checkbox', { name: 'Reverse' }));
    expect(rowTitles()).toEqual(['Short', 'Middle', 'Long']);
  });
});

describe('shelf page below 640 px', () => {
  it('shows cards with cover, title and author instead of the table, and a shelf picker', async () => {
    const restore = installPhoneWidth();
    try {
      const [first] = makeItems(1, 'Pocket');
      const book = {
        ...first!,
        editions: { ...first!.editions, cover_url: 'http://covers.example/pocket.jpg' },
      };
      renderApp('/to-be-read', reader({ 'get-shelf-items': () => [book] }));
      const list = within(await screen.findByRole('list', { name: 'Books on this shelf' }));
      expect(await list.findByRole('img', { name: 'Cover of Pocket 1' })).toHaveAttribute(
        'src',
        'http://covers.example/pocket.jpg?size=thumb',
      );
      expect(list.getByRole('link', { name: 'Pocket 1' })).toBeInTheDocument();
      expect(
        list.getByRole('link', { name: book.editions.edition_authors[0]!.authors.name }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Shelves' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Shelf')).toHaveValue('/to-be-read');
    } finally {
      restore();
    }
  });
});

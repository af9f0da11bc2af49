import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SfError } from '../../platform/errors';
import { fakeBackend } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import type { ResponseOf } from '@shared/api/endpoints';

const NO_DETAILS = {
  primary_edition_id: null,
  cover_url: null,
  first_publish_year: null,
  rating_count: 0,
  rating_average: null,
};
const DUNE = {
  work_id: '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c01',
  work_title: 'Dune',
  author_names: 'Frank Herbert',
  rank: 0.6079271,
  ...NO_DETAILS,
};
const MESSIAH = {
  work_id: '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c02',
  work_title: 'Dune Messiah',
  author_names: 'Frank Herbert',
  rank: 0.5,
  ...NO_DETAILS,
};

/** A promise the test settles by hand, to look at the screen while a call is still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Search results', () => {
  it('lists each hit with its authors and a 3-decimal rank, linking to the work', async () => {
    const backend = fakeBackend({
      sf: { 'search-works': () => ({ results: [DUNE, MESSIAH], new_isbn_added: false }) },
    });
    renderApp('/search/dune', backend);
    expect(await screen.findByRole('heading', { name: 'Search Results for: dune' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Search results' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const dune = within(items[0]!).getByRole('link', { name: /^Dune by Frank Herbert/ });
    expect(dune).toHaveAttribute('href', `/work/${DUNE.work_id}`);
    expect(within(dune).getByText('by Frank Herbert')).toBeInTheDocument();
    expect(within(dune).getByText('Rank: 0.608')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Rank: 0.500')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('search-works', { query: 'dune' });
    expect(backend.sf).not.toHaveBeenCalledWith('check-isbn', expect.anything());
    await waitFor(() => expect(document.title).toBe('Search | Shelfwise'));
  });

  it('shows skeletons while searching, then says when nothing matched', async () => {
    const answer = deferred<ResponseOf<'search-works'>>();
    renderApp('/search/zzzz%20qqqq', fakeBackend({ sf: { 'search-works': () => answer.promise } }));
    expect(await screen.findByRole('status', { name: 'Loading results' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results for: zzzz qqqq' })).toBeInTheDocument();
    answer.resolve({ results: [], new_isbn_added: false });
    expect(await screen.findByText('No books found.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading results' })).not.toBeInTheDocument();
  });

  it("shows a failure as 'Error: {message}' in red", async () => {
    const backend = fakeBackend({
      sf: {
        'search-works': () => {
          throw new SfError({
            status: 400,
            code: 'invalid_input',
            error: 'query: query is at most 200 characters',
          });
        },
      },
    });
    renderApp('/search/dune', backend);
    expect(await screen.findByText('Error: query: query is at most 200 characters')).toBeInTheDocument();
  });

  it('announces a new ISBN while search-works imports it, then shows the new book', async () => {
    const imported = deferred<ResponseOf<'search-works'>>();
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9780316300131', exists: false }),
        'search-works': () => imported.promise,
      },
    });
    renderApp('/search/978-0-316-30013-1', backend);
    expect(
      await screen.findByText('New ISBN encountered. Adding to the database; this may take up to a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fetching data for new book...')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('check-isbn', { query: '978-0-316-30013-1' });
    expect(backend.sf).toHaveBeenCalledWith('search-works', { query: '978-0-316-30013-1' });

    const ministry = {
      work_id: DUNE.work_id,
      work_title: 'The Ministry for the Future',
      author_names: 'Kim Stanley Robinson',
      rank: 1,
      ...NO_DETAILS,
    };
    imported.resolve({ results: [ministry], new_isbn_added: true });
    expect(await screen.findByRole('link', { name: /^The Ministry for the Future/ })).toBeInTheDocument();
    expect(screen.getByText('Rank: 1.000')).toBeInTheDocument();
    expect(screen.queryByText('Fetching data for new book...')).not.toBeInTheDocument();
  });

  it('goes straight to the results for an ISBN the catalogue already has', async () => {
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9780441172719', exists: true }),
        'search-works': () => ({ results: [{ ...DUNE, rank: 1 }], new_isbn_added: false }),
      },
    });
    renderApp('/search/9780441172719', backend);
    expect(await screen.findByRole('link', { name: /^Dune/ })).toBeInTheDocument();
    expect(screen.queryByText(/New ISBN encountered/)).not.toBeInTheDocument();
  });

  it('shows an import failure in red instead of the notice', async () => {
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9780316300131', exists: false }),
        'search-works': () => {
          throw new SfError({
            status: 503,
            code: 'unavailable',
            error: 'Open Library could not be reached to look up this ISBN. Please try again later.',
          });
        },
      },
    });
    renderApp('/search/9780316300131', backend);
    expect(
      await screen.findByText(
        'Error: Open Library could not be reached to look up this ISBN. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/New ISBN encountered/)).not.toBeInTheDocument();
  });
});

// Issue 26 on the search screen: Open Library's results after ours (asked in a call of their own), a pick
// that imports and opens the work, a quiet line when Open Library is unavailable, and a signed-in reader's
// shelves with a one-click To Be Read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/api/endpoints';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const WORK_ID = '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c01';
const EDITION_ID = '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c0e';
const SHELF_ID = '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c5f';
const IMPORTED_ID = '0b7d1d4e-4f5a-4c3e-9a43-1d6c1a2b3c99';

const DUNE = {
  work_id: WORK_ID,
  work_title: 'Dune',
  author_names: 'Frank Herbert',
  rank: 0.6,
  primary_edition_id: EDITION_ID,
  cover_url: null,
  first_publish_year: 1965,
  rating_count: 12,
  rating_average: 4.25,
};
const TIME_WAR = {
  ol_key: '/works/OL9000007W',
  title: 'This Is How You Lose the Time War',
  author_names: 'Amal El-Mohtar, Max Gladstone',
  first_publish_year: 2019,
  cover_url: null,
  edition_count: 24,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Find any book', () => {
  it('shows our results without waiting for Open Library, then appends its results', async () => {
    const remote = deferred<ResponseOf<'search-openlibrary'>>();
    const backend = fakeBackend({
      sf: {
        'search-works': () => ({ results: [DUNE], new_isbn_added: false }),
        'search-openlibrary': () => remote.promise,
      },
    });
    renderApp('/search/time', backend);
    const ours = await screen.findByRole('link', { name: /^Dune by Frank Herbert/ });
    expect(within(ours).getByText('First published 1965 · 4.25 average · 12 ratings')).toBeInTheDocument();
    expect(screen.getByText('Looking on Open Library…')).toHaveAttribute('role', 'status');
    remote.resolve({ status: 'ok', results: [TIME_WAR] });
    const section = await screen.findByRole('region', { name: 'From Open Library' });
    expect(within(section).getByText('This Is How You Lose the Time War')).toBeInTheDocument();
    expect(within(section).getByText('First published 2019 · 24 editions')).toBeInTheDocument();
    // Signed out, a pick is offered through signing in.
    expect(within(section).getByRole('link', { name: 'Log in to add' })).toHaveAttribute('href', '/login');
    expect(backend.sf).toHaveBeenCalledWith('search-openlibrary', { query: 'time' });
    expect(backend.sf).not.toHaveBeenCalledWith('works-shelf-status', expect.anything());
  });

  it('keeps our results and says so in one quiet line when Open Library is unavailable', async () => {
    renderApp(
      '/search/dune',
      fakeBackend({
        sf: {
          'search-works': () => ({ results: [DUNE], new_isbn_added: false }),
          'search-openlibrary': () => ({ status: 'unavailable', results: [] }),
        },
      }),
    );
    expect(
      await screen.findByText('Open Library is not answering right now, so only our catalogue is shown.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Dune/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From Open Library' })).not.toBeInTheDocument();
  });

  it('does not ask Open Library for an ISBN', async () => {
    const backend = fakeBackend({
      sf: {
        'check-isbn': () => ({ isbn: '9780441172719', exists: true }),
        'search-works': () => ({ results: [DUNE], new_isbn_added: false }),
      },
    });
    renderApp('/search/9780441172719', backend);
    expect(await screen.findByRole('link', { name: /^Dune/ })).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('search-openlibrary', expect.anything());
  });

  it('imports a pick and opens its work page for a signed-in reader', async () => {
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'search-works': () => ({ results: [], new_isbn_added: false }),
        'search-openlibrary': () => ({ status: 'ok', results: [TIME_WAR] }),
        'import-openlibrary-work': () => ({ work_id: IMPORTED_ID }),
        'works-shelf-status': () => ({ works: [] }),
      },
    });
    renderApp('/search/time%20war', backend);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add and open: This Is How You Lose the Time War' }),
    );
    expect(backend.sf).toHaveBeenCalledWith('import-openlibrary-work', { ol_key: '/works/OL9000007W' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/work/${IMPORTED_ID}`));
  });

  it("shows a signed-in reader's shelves and adds a result to To Be Read in one click", async () => {
    let shelved = false;
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'search-works': () => ({ results: [DUNE], new_isbn_added: false }),
        'search-openlibrary': () => ({ status: 'ok', results: [] }),
        'works-shelf-status': () => ({
          works: shelved
            ? [{ work_id: WORK_ID, shelves: [{ id: SHELF_ID, name: 'To Be Read', slug: 'to-be-read' }] }]
            : [],
        }),
        'add-to-shelf': () => {
          shelved = true;
          return { shelf_id: SHELF_ID };
        },
      },
    });
    renderApp('/search/dune', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Dune to To Be Read' }));
    expect(backend.sf).toHaveBeenCalledWith('add-to-shelf', {
      shelf_name: 'To Be Read',
      edition_id: EDITION_ID,
      work_id: WORK_ID,
    });
    expect(await screen.findByText('On To Be Read')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Dune to To Be Read' })).not.toBeInTheDocument();
  });
});

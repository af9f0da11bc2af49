import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SfError } from '../../platform/errors';
import { renderApp } from '../../testing/render-app';
import {
  AUTHOR_ID,
  E1,
  E2,
  WORK_ID,
  detailsOf,
  editionIdOf,
  makeEdition,
  makeWork,
  workBackend,
} from './testing/work-data';

// The route's chunk loads lazily; loading it once up front keeps the first test inside its timeouts.
beforeAll(async () => {
  await import('../../routes/work');
});
const thisEdition = async () => within(await screen.findByRole('region', { name: 'This Edition' }));
const editionsGrid = async () => within(await screen.findByRole('list', { name: 'Editions' }));

async function expectShownEdition(n: number) {
  const panel = await thisEdition();
  expect(await panel.findByText(`The Pillow Book ${n}`)).toBeInTheDocument();
  expect(panel.getByRole('row', { name: `Publisher Publisher ${n}` })).toBeInTheDocument();
}

describe('Work page: header and sections', () => {
  it('shows the work to a visitor: title, authors, date, rating, genres, about and the edition', async () => {
    renderApp(`/work/${WORK_ID}`, workBackend());
    expect(await screen.findByRole('heading', { level: 1, name: 'The Pillow Book' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sei Shōnagon' })).toHaveAttribute(
      'href',
      `/author/${AUTHOR_ID}`,
    );
    expect(screen.getByText('First published c. 1002')).toBeInTheDocument();
    expect(screen.getByText('Average rating').closest('p')).toHaveTextContent(
      '★ Average rating 4.25 (4 ratings)',
    );
    const genres = within(await screen.findByRole('list', { name: 'Genres' }));
    expect(genres.getAllByRole('listitem').map((b) => b.textContent)).toEqual(['Classics', 'Memoir']);

    const about = within(screen.getByRole('region', { name: 'About this book' }));
    expect(await about.findByText('About The Pillow Book 1.')).toBeInTheDocument();
    expect(about.getByText('301 pages')).toBeInTheDocument();

    const panel = await thisEdition();
    expect(await panel.findByRole('row', { name: 'Year 1991' })).toBeInTheDocument();
    expect(panel.getByRole('row', { name: 'Pages 301' })).toBeInTheDocument();
    expect(panel.getByRole('row', { name: 'Format Hardcover' })).toBeInTheDocument();
    expect(panel.getByRole('row', { name: 'ISBN-10 0140448063' })).toBeInTheDocument();
    expect(panel.getByRole('row', { name: 'ISBN-13 9780140448061' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('The Pillow Book | Shelfwise'));

    // Visitors get neither the action bar, nor lists, nor admin tools.
    expect(screen.queryByRole('group', { name: 'Reading status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Lists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Tools' })).not.toBeInTheDocument();
  });

  it('names the series under the title when the work is in one, and nothing when it is not', async () => {
    const series = { name: 'Earthsea Cycle', position: '1' };
    const { unmount } = renderApp(`/work/${WORK_ID}`, workBackend({ work: makeWork({ series }) }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'The Pillow Book' });
    expect(heading.nextElementSibling).toHaveTextContent(/^Earthsea Cycle #1$/);
    unmount();
    renderApp(`/work/${WORK_ID}`, workBackend());
    await screen.findByRole('heading', { level: 1, name: 'The Pillow Book' });
    expect(screen.queryByText(/Earthsea/)).not.toBeInTheDocument();
  });

  it("says 'No ratings yet' and N/A where the edition has no ISBN", async () => {
    renderApp(
      `/work/${WORK_ID}?edition=${E2}`,
      workBackend({ work: makeWork({ rating_count: 0, rating_sum: 0 }) }),
    );
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    const panel = await thisEdition();
    expect(await panel.findByRole('row', { name: 'ISBN-10 N/A' })).toBeInTheDocument();
    expect(panel.getByRole('row', { name: 'ISBN-13 N/A' })).toBeInTheDocument();
  });

  it('completes an edition without full metadata through edition-metadata', async () => {
    const backend = workBackend({
      details: (e) => detailsOf(e, { checked_full_metadata: false, description: null, page_count: null }),
      sf: { 'edition-metadata': () => ({ description: 'Fetched description.', page_count: 412 }) },
    });
    renderApp(`/work/${WORK_ID}`, backend);
    const about = within(await screen.findByRole('region', { name: 'About this book' }));
    expect(await about.findByText('Fetched description.')).toBeInTheDocument();
    expect(about.getByText('412 pages')).toBeInTheDocument();
    expect((await thisEdition()).getByRole('row', { name: 'Pages 412' })).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('edition-metadata', { edition_id: E1 });
  });

  it("shows 'Work not found' when work-details answers 404", async () => {
    const missing = new SfError({ status: 404, code: 'not_found', error: 'Work not found' });
    renderApp(`/work/${WORK_ID}`, workBackend({ work: missing }));
    expect(await screen.findByRole('heading', { name: 'Work not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Work not found | Shelfwise'));
  });

  it("shows other failures with their text, else 'Work not found.'", async () => {
    const view = renderApp(
      `/work/${WORK_ID}`,
      workBackend({ work: new SfError({ status: 503, code: 'unavailable', error: 'Database is down' }) }),
    );
    // 5xx answers are retried twice by the app's client; the test client does not retry.
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
    view.unmount();
    renderApp(
      `/work/${WORK_ID}`,
      workBackend({ work: new SfError({ status: 500, code: 'http_500', error: '' }) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Work not found.');
  });
});

describe('Work page: which edition it shows', () => {
  it('takes the edition from the path', async () => {
    renderApp(`/work/${WORK_ID}/${E2}`, workBackend());
    await expectShownEdition(2);
  });

  it('takes the edition from ?edition=', async () => {
    renderApp(`/work/${WORK_ID}?edition=${E2}`, workBackend());
    await expectShownEdition(2);
  });

  it('falls back to the primary edition', async () => {
    const editions = [makeEdition(1), makeEdition(2)];
    renderApp(`/work/${WORK_ID}`, workBackend({ work: makeWork({ primary_edition_id: E2 }), editions }));
    await expectShownEdition(2);
  });

  it('falls back to the first edition when none is primary', async () => {
    renderApp(`/work/${WORK_ID}`, workBackend({ work: makeWork({ primary_edition_id: null }) }));
    await expectShownEdition(1);
  });

  it('says so when the asked edition does not exist', async () => {
    renderApp(`/work/${WORK_ID}?edition=${editionIdOf(9)}`, workBackend());
    expect(await (await thisEdition()).findByText('Edition not found')).toBeInTheDocument();
  });
});

describe('Work page: All Editions', () => {
  it("badges the shown edition 'Current' and links every edition with ?edition=", async () => {
    renderApp(`/work/${WORK_ID}`, workBackend());
    const grid = await editionsGrid();
    const links = grid.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/work/${WORK_ID}?edition=${E1}`,
      `/work/${WORK_ID}?edition=${E2}`,
    ]);
    expect(within(links[0]!).getByText('Current')).toBeInTheDocument();
    expect(within(links[1]!).queryByText('Current')).not.toBeInTheDocument();
  });

  it('switches the shown edition when one is chosen', async () => {
    renderApp(`/work/${WORK_ID}`, workBackend());
    const user = userEvent.setup();
    await expectShownEdition(1);
    await user.click((await editionsGrid()).getByRole('link', { name: /The Pillow Book 2/ }));
    await expectShownEdition(2);
    expect(screen.getByTestId('location').textContent).toBe(`/work/${WORK_ID}?edition=${E2}`);
    const current = (await editionsGrid()).getByText('Current').closest('a');
    expect(current).toHaveAttribute('href', `/work/${WORK_ID}?edition=${E2}`);
  });

  it('shows 4 editions per page with a pager, opening on the page of the shown edition', async () => {
    const editions = [1, 2, 3, 4, 5, 6].map((n) => makeEdition(n));
    renderApp(`/work/${WORK_ID}?edition=${editionIdOf(6)}`, workBackend({ editions }));
    const user = userEvent.setup();
    let grid = await editionsGrid();
    expect(grid.getAllByRole('link')).toHaveLength(2);
    expect(grid.getByRole('link', { name: /The Pillow Book 6/ })).toHaveTextContent('Current');
    await user.click(screen.getByRole('button', { name: 'Editions page 1' }));
    grid = await editionsGrid();
    expect(grid.getAllByRole('link').map((l) => l.textContent)).toEqual(
      [1, 2, 3, 4].map((n) => expect.stringContaining(`The Pillow Book ${n}`)),
    );
    expect(grid.queryByText('Current')).not.toBeInTheDocument();
  });

  it('hides the pager when one page holds every edition', async () => {
    renderApp(`/work/${WORK_ID}`, workBackend());
    await editionsGrid();
    expect(screen.queryByRole('button', { name: 'Editions page 1' })).not.toBeInTheDocument();
  });
});

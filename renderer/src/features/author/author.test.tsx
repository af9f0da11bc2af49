import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SfError } from '../../platform/errors';
import { TEST_PROFILE, fakeBackend, sessionFor } from '../../testing/fake-backend';
import type { SfAnswers } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AUSTEN = uuid(1);
const AUSTEN_TWIN = uuid(2);

const austen = {
  id: AUSTEN,
  name: 'Jane Austen',
  works: [
    { id: uuid(11), title: 'Emma', date_string: '1815', cover_url: 'http://covers.test/emma.jpg' },
    { id: uuid(12), title: 'Lady Susan', date_string: null, cover_url: null },
  ],
};
const twin = { id: AUSTEN_TWIN, name: 'J. Austen', works: [] };

function backendFor(who: 'visitor' | 'reader' | 'admin', sf: SfAnswers = {}) {
  return fakeBackend({
    session: who === 'visitor' ? null : sessionFor(),
    sf: {
      'get-profile': () => ({ ...TEST_PROFILE, is_admin: who === 'admin' }),
      'author-details': (payload) =>
        (payload as { author_id: string }).author_id === AUSTEN ? austen : twin,
      ...sf,
    },
  });
}

describe('Author page', () => {
  it('shows the name and the works with their covers, each linking to its work', async () => {
    const backend = backendFor('visitor');
    renderApp(`/author/${AUSTEN}`, backend);
    expect(await screen.findByRole('heading', { name: 'Jane Austen', level: 1 })).toBeInTheDocument();
    const works = screen.getByRole('list', { name: 'Works' });
    const emma = within(works).getByRole('link', { name: /Emma/ });
    expect(emma).toHaveAttribute('href', `/work/${uuid(11)}`);
    expect(within(emma).getByRole('img', { name: 'Cover of Emma' })).toHaveAttribute(
      'src',
      'http://covers.test/emma.jpg?size=card',
    );
    const susan = within(works).getByRole('link', { name: /Lady Susan/ });
    expect(within(susan).getByText('No Cover')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('author-details', { author_id: AUSTEN });
    await waitFor(() => expect(document.title).toBe('Jane Austen | Shelfwise'));
  });

  it.each(['visitor', 'reader'] as const)('shows no Admin Tools to a %s', async (who) => {
    renderApp(`/author/${AUSTEN}`, backendFor(who));
    expect(await screen.findByRole('heading', { name: 'Jane Austen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin Tools' })).not.toBeInTheDocument();
  });

  it('lets an admin merge the author into one found by name, then opens that author', async () => {
    const backend = backendFor('admin', {
      'search-authors': () => ({
        results: [
          { id: AUSTEN, name: 'Jane Austen', works_count: 2, sample_work: { id: uuid(11), title: 'Emma' } },
          {
            id: AUSTEN_TWIN,
            name: 'J. Austen',
            works_count: 1,
            sample_work: { id: uuid(13), title: 'Sanditon' },
          },
        ],
      }),
      'merge-author': () => ({ message: 'Author merged', author_id: AUSTEN_TWIN }),
    });
    renderApp(`/author/${AUSTEN}`, backend);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Admin Tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The panel opens with a transition; wait for its contents rather than assume them.
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(backend.sf).not.toHaveBeenCalledWith('search-authors', expect.anything());
    await user.type(screen.getByLabelText('Find the author to merge into'), ' austen {Enter}');
    const authors = await screen.findByRole('list', { name: 'Authors' });
    expect(backend.sf).toHaveBeenCalledWith('search-authors', { query: 'austen' });
    // The author itself is no merge target.
    expect(within(authors).getAllByRole('listitem')).toHaveLength(1);
    expect(within(authors).getByText('1 work · Sanditon')).toBeInTheDocument();
    await user.click(within(authors).getByRole('button', { name: 'Select J. Austen' }));
    await user.click(screen.getByRole('button', { name: 'Merge into J. Austen' }));

    expect(backend.sf).toHaveBeenCalledWith('merge-author', {
      from_author_id: AUSTEN,
      into_author_id: AUSTEN_TWIN,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/author/${AUSTEN_TWIN}`));
    expect(await screen.findByRole('heading', { name: 'J. Austen', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Author merged')).toBeInTheDocument();
    expect(screen.getByText('No works listed.')).toBeInTheDocument();
    // The merged-away author is not asked for again on the way out (no 'Author not found' flash).
    const asked = vi
      .mocked(backend.sf)
      .mock.calls.filter(
        ([name, payload]) =>
          name === 'author-details' && (payload as { author_id: string }).author_id === AUSTEN,
      );
    expect(asked).toHaveLength(1);
  });

  it("shows a failed merge's server text as it is and stays on the page", async () => {
    const backend = backendFor('admin', {
      'search-authors': () => ({
        results: [{ id: AUSTEN_TWIN, name: 'J. Austen', works_count: 0, sample_work: null }],
      }),
      'merge-author': () => {
        throw new SfError({ status: 404, code: 'not_found', error: 'Target author not found' });
      },
    });
    renderApp(`/author/${AUSTEN}`, backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Admin Tools' }));
    await user.type(screen.getByLabelText('Find the author to merge into'), 'austen{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Select J. Austen' }));
    await user.click(screen.getByRole('button', { name: 'Merge into J. Austen' }));
    expect(await screen.findByText('Target author not found')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/author/${AUSTEN}`);
  });

  it("says 'Author not found' for an unknown id", async () => {
    const backend = fakeBackend({
      sf: {
        'author-details': () => {
          throw new SfError({ status: 404, code: 'not_found', error: 'Author not found' });
        },
      },
    });
    renderApp(`/author/${uuid(99)}`, backend);
    expect(await screen.findByRole('heading', { name: 'Author not found' })).toBeInTheDocument();
    expect(screen.getByText('Author not found.')).toBeInTheDocument();
  });

  it('puts the server text under the heading for other failures', async () => {
    const backend = fakeBackend({
      sf: {
        'author-details': () => {
          throw new SfError({ status: 0, code: 'network_error', error: 'Failed to fetch' });
        },
      },
    });
    renderApp(`/author/${AUSTEN}`, backend);
    expect(await screen.findByRole('heading', { name: 'Author not found' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch')).toBeInTheDocument();
  });
});

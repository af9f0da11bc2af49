import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SfError } from '../../platform/errors';
import { TEST_PROFILE, fakeBackend, sessionFor } from '../../testing/fake-backend';
import type { SfAnswers } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const EMMA = { work_id: uuid(1), work_title: 'Emma', author_names: 'Jane Austen', rank: 0.6 };
const PERSUASION = { work_id: uuid(2), work_title: 'Persuasion', author_names: 'Jane Austen', rank: 0.5 };

function adminBackend(sf: SfAnswers = {}) {
  return fakeBackend({
    session: sessionFor(),
    sf: {
      'get-profile': () => ({ ...TEST_PROFILE, is_admin: true }),
      'admin-search-works': () => ({ results: [EMMA, PERSUASION] }),
      'reset-work-genre': () => ({ message: 'Genre reset' }),
      ...sf,
    },
  });
}

async function searchFor(text: string) {
  const user = userEvent.setup();
  const box = await screen.findByRole('textbox', { name: 'Search works' });
  if (text) await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

describe('Admin reset genre', () => {
  it('ignores a blank search', async () => {
    const backend = adminBackend();
    renderApp('/admin/reset-genre', backend);
    await searchFor('   ');
    expect(backend.sf).not.toHaveBeenCalledWith('admin-search-works', expect.anything());
    expect(screen.queryByRole('list', { name: 'Works' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reset Genre | Shelfwise'));
  });

  it("resets a found work's genre and says 'Genre reset'", async () => {
    const backend = adminBackend();
    renderApp('/admin/reset-genre', backend);
    const user = await searchFor(' austen ');
    expect(backend.sf).toHaveBeenCalledWith('admin-search-works', { query: 'austen' });
    const works = await screen.findByRole('list', { name: 'Works' });
    expect(within(works).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(works).getByRole('button', { name: 'Reset genre of Persuasion' }));
    expect(await screen.findByText('Genre reset')).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('reset-work-genre', { work_id: uuid(2) });
    const emma = within(works).getAllByRole('listitem')[0]!;
    expect(within(emma).queryByText('Genre reset')).not.toBeInTheDocument();
  });

  it("shows 'Failed: {response text}' when the reset fails", async () => {
    const backend = adminBackend({
      'reset-work-genre': () => {
        throw new SfError({ status: 404, code: 'not_found', error: 'Work not found' });
      },
    });
    renderApp('/admin/reset-genre', backend);
    const user = await searchFor('emma');
    await user.click(await screen.findByRole('button', { name: 'Reset genre of Emma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: Work not found');
  });

  it("says 'No session' when the server no longer accepts the session", async () => {
    const backend = adminBackend({
      'reset-work-genre': () => {
        throw new SfError({ status: 401, code: 'unauthorized', error: 'Sign in to do this.' });
      },
    });
    renderApp('/admin/reset-genre', backend);
    const user = await searchFor('emma');
    await user.click(await screen.findByRole('button', { name: 'Reset genre of Emma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No session$/);
  });

  it("says 'No results found' for an empty answer and shows a failed search's text", async () => {
    const view = renderApp(
      '/admin/reset-genre',
      adminBackend({ 'admin-search-works': () => ({ results: [] }) }),
    );
    await searchFor('zzzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    view.unmount();

    renderApp(
      '/admin/reset-genre',
      adminBackend({
        'admin-search-works': () => {
          throw new SfError({ status: 403, code: 'forbidden', error: 'You are not allowed to do this.' });
        },
      }),
    );
    await searchFor('emma');
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
  });
});

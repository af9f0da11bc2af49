import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE, fakeBackend, sessionFor } from '../testing/fake-backend';
import { renderApp } from '../testing/render-app';

const signedOut = () => fakeBackend();
const signedIn = (isAdmin = false) =>
  fakeBackend({
    session: sessionFor(),
    sf: { 'get-profile': () => ({ ...TEST_PROFILE, is_admin: isAdmin }) },
  });

async function expectLocation(path: string) {
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
}

describe('route table redirects (SPEC.md §2)', () => {
  it.each(['/my-books', '/logs', '/stats', '/trending', '/new-releases', '/currently-reading', '/owned'])(
    'sends a signed-out visitor of %s to /',
    async (path) => {
      renderApp(path, signedOut());
      await expectLocation('/');
      expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
    },
  );

  it('shows a signed-out visitor of /recommended what is well rated and popular, and invites to sign in', async () => {
    const popular = {
      work_id: '0b7f5a8e-6666-4c1e-8d7e-000000000001',
      title: 'Middlemarch',
      author_names: 'George Eliot',
      cover_url: null,
      rating_average: 4.5,
      rating_count: 12,
      rank: 1,
      reason_facts: { kind: 'popular', rating_average: 4.5, rating_count: 12 },
      reason: 'Well rated and popular: 4.5 average from 12 ratings',
    } as const;
    renderApp(
      '/recommended',
      fakeBackend({ sf: { 'popular-works': () => ({ items: [popular], next_cursor: null }) } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Well rated and popular books' });
    expect(list).toHaveTextContent('Middlemarch');
    expect(list).toHaveTextContent('Well rated and popular: 4.5 average from 12 ratings');
    expect(within(list).queryByRole('button', { name: /Not interested/ })).not.toBeInTheDocument();
    const invitation = screen.getByRole('region', { name: 'Get recommendations of your own' });
    expect(within(invitation).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(invitation).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('location').textContent).toBe('/recommended');
    await waitFor(() => expect(document.title).toBe('Recommended | Shelfwise'));
  });

  it('shows a signed-in reader of /recommended their own list, without the invitation', async () => {
    renderApp(
      '/recommended',
      fakeBackend({
        session: sessionFor(),
        sf: {
          'get-profile': () => TEST_PROFILE,
          'recommended-works': () => ({
            items: [],
            next_cursor: null,
            refreshed_at: null,
            new_reader: false,
          }),
        },
      }),
    );
    expect(await screen.findByText('No recommendations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get recommendations of your own' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor of /settings to /login', async () => {
    renderApp('/settings', signedOut());
    await expectLocation('/login');
  });

  it.each(['/signup', '/login'])('sends a signed-in visitor of %s to /settings', async (path) => {
    renderApp(path, signedIn());
    await expectLocation('/settings');
  });

  it('sends non-admins away from /admin/reset-genre and lets admins in', async () => {
    const view = renderApp('/admin/reset-genre', signedIn(false));
    await expectLocation('/');
    view.unmount();
    renderApp('/admin/reset-genre', signedIn(true));
    expect(await screen.findByRole('heading', { name: 'Reset Genre' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/reset-genre');
  });

  it('sends non-admins away from /admin/unverified-works and lets admins in', async () => {
    const view = renderApp('/admin/unverified-works', signedIn(false));
    await expectLocation('/');
    view.unmount();
    renderApp('/admin/unverified-works', signedIn(true));
    expect(await screen.findByRole('heading', { name: 'Unverified Works' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/unverified-works');
    await waitFor(() => expect(document.title).toBe('Unverified Works | Shelfwise'));
  });

  it('sends non-admins away from /admin/reports and lets admins in', async () => {
    const view = renderApp('/admin/reports', signedIn(false));
    await expectLocation('/');
    view.unmount();
    renderApp('/admin/reports', signedIn(true));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reports | Shelfwise'));
  });

  it('shows Recommended, Trending and New Releases to signed-in readers', async () => {
    renderApp('/trending', signedIn());
    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trending | Shelfwise'));
  });

  it('shows public pages to anyone', async () => {
    renderApp('/terms', signedOut());
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  });
});

describe('home and not found', () => {
  it('shows the landing to a signed-out visitor', async () => {
    renderApp('/', signedOut());
    expect(await screen.findByRole('heading', { name: 'Shelfwise' })).toBeInTheDocument();
    expect(screen.getByText('Manage your reading journey with precision')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | Shelfwise'));
  });

  it('shows the dashboard to a signed-in reader with a profile', async () => {
    renderApp('/', signedIn());
    expect(await screen.findByRole('heading', { name: 'Reading Dashboard' })).toBeInTheDocument();
  });

  it.each(['/404', '/no/such/page'])('shows the 404 page at %s', async (path) => {
    renderApp(path, signedOut());
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, the page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Shelfwise'));
  });
});

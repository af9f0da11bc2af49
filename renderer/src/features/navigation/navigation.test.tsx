import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE, fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { searchPath } from '../../paths';
import { accountItems } from './nav-items';

const signedIn = (isAdmin = false) =>
  fakeBackend({
    session: sessionFor(),
    sf: { 'get-profile': () => ({ ...TEST_PROFILE, is_admin: isAdmin }) },
  });

describe('searchPath', () => {
  it('trims the text and ignores blank searches', () => {
    expect(searchPath('  dune  ')).toBe('/search/dune');
    expect(searchPath('war & peace')).toBe('/search/war%20%26%20peace');
    expect(searchPath('   ')).toBeNull();
  });
});

describe('accountItems', () => {
  it('lists Admin for admins only', () => {
    expect(accountItems('ada', false).map((i) => i.label)).toEqual(['Your profile', 'Settings']);
    expect(accountItems('ada', true).map((i) => i.to)).toEqual([
      '/user/ada',
      '/settings',
      '/admin/reset-genre',
    ]);
  });
});

describe('navigation bar', () => {
  it('offers Sign up and Log in when signed out', async () => {
    renderApp('/terms', fakeBackend());
    const header = screen.getByRole('banner');
    expect(await within(header).findAllByRole('link', { name: 'Sign up' })).not.toHaveLength(0);
    expect(within(header).queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows the main links, Browse and search when signed in', async () => {
    renderApp('/terms', signedIn());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['My Books', '/my-books'],
      ['Reading Logs', '/logs'],
      ['Stats', '/stats'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await userEvent.click(within(nav).getByRole('button', { name: 'Browse' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Recommended' })).toHaveAttribute(
      'href',
      '/recommended',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Trending' })).toHaveAttribute('href', '/trending');
    expect(within(menu).getByRole('menuitem', { name: 'New Releases' })).toHaveAttribute(
      'href',
      '/new-releases',
    );
  });

  it('searches for the trimmed text and ignores a blank search', async () => {
    renderApp('/terms', signedIn());
    const user = userEvent.setup();
    const box = (await screen.findAllByPlaceholderText('Search books...'))[0] as HTMLElement;
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/terms');
    await user.type(box, '  the hobbit {Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search/the%20hobbit'));
  });

  it('user menu: Your profile, Settings, Admin only for admins, Sign out', async () => {
    const backend = signedIn(false);
    const view = renderApp('/terms', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute('href', '/user/ada');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(backend.signOut).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
    view.unmount();

    renderApp('/terms', signedIn(true));
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin/reset-genre',
    );
  });

  it('signing out on a signed-in-only page goes to /, not to its /login fallback', async () => {
    const backend = signedIn();
    renderApp('/settings', backend);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Manage your reading journey with precision')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('mobile menu mirrors the bar in a drawer that Escape closes', async () => {
    renderApp('/terms', signedIn());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of [
      'Home',
      'My Books',
      'Reading Logs',
      'Stats',
      'Recommended',
      'Trending',
      'New Releases',
      'Settings',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

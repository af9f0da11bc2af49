import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const verify =
  'http://localhost:8787/auth/v1/verify?token=t1&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A8787%2F';
const at = (path: string, url?: string) =>
  url ? `${path}?confirmation_url=${encodeURIComponent(url)}` : path;

describe('confirmation pages', () => {
  it.each([
    { path: '/confirm-signup', link: 'Confirm Email', title: 'Confirm Signup | Shelfwise' },
    { path: '/confirm-reset', link: 'Reset Password', title: 'Confirm Password Reset | Shelfwise' },
    { path: '/change-email', link: 'Confirm Email', title: 'Change Email | Shelfwise' },
  ])('$path links to the confirmation URL', async ({ path, link, title }) => {
    renderApp(at(path, verify), fakeBackend());
    expect(await screen.findByRole('link', { name: link })).toHaveAttribute('href', verify);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('change-email explains the button', async () => {
    renderApp(at('/change-email', verify), fakeBackend());
    expect(await screen.findByText('Click the button below to confirm your new email.')).toBeInTheDocument();
  });

  it.each([
    { path: '/confirm-signup', back: 'Back to signup', to: '/signup' },
    { path: '/confirm-reset', back: 'Back to login', to: '/login' },
    { path: '/change-email', back: 'Back to settings', to: '/settings' },
  ])('$path without confirmation_url says it is missing and offers $back', async ({ path, back, to }) => {
    renderApp(path, fakeBackend());
    expect(await screen.findByText('Missing confirmation URL.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', to);
  });

  it('treats a link to anywhere but our verify endpoint as missing', async () => {
    renderApp(at('/confirm-signup', 'javascript:alert(document.cookie)'), fakeBackend());
    expect(await screen.findByText('Missing confirmation URL.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Confirm Email' })).not.toBeInTheDocument();
  });
});

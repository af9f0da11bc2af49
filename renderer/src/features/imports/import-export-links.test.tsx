// The ways to /import: Settings and My Books link to it; a signed-out visitor is sent to log in.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { importServer } from './testing/import-server';

const signedIn = () =>
  fakeBackend({
    session: sessionFor(),
    sf: { ...importServer().answers, 'list-shelves': () => [], 'shelf-counts': () => ({ counts: {} }) },
  });

describe('links to Import and export', () => {
  it.each(['/settings', '/my-books'])('%s links to /import', async (path) => {
    renderApp(path, signedIn());
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Import and export' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/import');
  });

  it('sends a signed-out visitor of /import to /login', async () => {
    renderApp('/import', fakeBackend());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});

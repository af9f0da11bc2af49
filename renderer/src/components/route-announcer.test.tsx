// A client-side navigation is announced by the new page's title in a polite live region (issue 17); the
// first page is left to the browser.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../testing/fake-backend';
import { renderApp } from '../testing/render-app';

describe('RouteAnnouncer', () => {
  it('reads out the title of each page moved to, not the first one', async () => {
    renderApp('/404', fakeBackend());
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    await screen.findByText('Sorry, the page you are looking for does not exist.', {}, { timeout: 10_000 });
    expect(announcer).toHaveTextContent('');

    await userEvent.click(screen.getByRole('link', { name: 'Go back home' }));
    await waitFor(() => expect(announcer).toHaveTextContent('| Shelfwise'), { timeout: 5_000 });
    expect(announcer).toHaveTextContent(document.title);
  });
});

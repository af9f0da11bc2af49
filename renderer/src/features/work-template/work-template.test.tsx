import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

// The page's lazy chunk compiles on first use, which takes seconds on a busy machine.
describe('Work template (/worktemplate)', { timeout: 20_000 }, () => {
  it("opens 'Add to Lists' with the five sample lists and makes no call", async () => {
    const backend = fakeBackend();
    renderApp('/worktemplate', backend);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'The Lantern Road', level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Reading' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Review' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Lists' });
    for (const name of ['Want to Read', 'Currently Reading', 'Read', 'Fantasy Classics', 'Favorites'])
      expect(within(dialog).getByRole('checkbox', { name })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(5);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fantasy Classics' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Fantasy Classics' })).toBeChecked();
    expect(backend.sf).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe('Work Template | Shelfwise'));
  });

  it('shows sample insights and pretends to start reading without calling the server', async () => {
    const backend = fakeBackend({ session: sessionFor() });
    renderApp('/worktemplate', backend);
    const user = userEvent.setup();
    const insights = await screen.findByRole('region', { name: 'Review Insights' });
    expect(within(insights).getByText('From 5 sample reviews')).toBeInTheDocument();
    expect(insights).toHaveTextContent('Tone: Neutral (3.4)');
    expect(insights).toHaveTextContent('75% recommend it');
    await user.click(screen.getByRole('button', { name: 'Start Reading' }));
    expect(
      await screen.findByRole('button', { name: 'Currently Reading' }, { timeout: 3000 }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByRole('dialog', { name: 'Write Review' })).toBeInTheDocument();
    // The only calls are the header's, made on every page for a signed-in reader: the session's own profile
    // and the bell's unread count. Nothing is asked about the work.
    expect(backend.sf).toHaveBeenCalledWith('get-profile', {});
    for (const [name] of vi.mocked(backend.sf).mock.calls)
      expect(['get-profile', 'notification-count']).toContain(name);
  });
});

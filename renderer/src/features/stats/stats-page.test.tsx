import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import type { SfAnswers } from '../../testing/fake-backend';

const withStats = (answer: SfAnswers['reading-stats']) =>
  fakeBackend({ session: sessionFor(), sf: { 'reading-stats': answer } });

const figure = (name: string) => screen.findByRole('group', { name });

describe('Stats page', () => {
  it('shows books read, pages read and pages per day (rounded)', async () => {
    const backend = withStats(() => ({ books: 3, pages: 1234, days: 9, hours: 30.9 }));
    renderApp('/stats', backend);
    expect(await screen.findByRole('heading', { name: 'Your Reading Stats' })).toBeInTheDocument();
    expect(await figure('Books read')).toHaveTextContent('3');
    expect(await figure('Pages read')).toHaveTextContent('1,234');
    // 1234 / 9 = 137.1
    expect(await figure('Pages per day')).toHaveTextContent('137');
    await waitFor(() => expect(document.title).toBe('Stats | Shelfwise'));
    expect(backend.sf).toHaveBeenCalledWith('reading-stats', expect.any(Object));
  });

  it('shows 0 pages per day when there are no reading days', async () => {
    renderApp(
      '/stats',
      withStats(() => ({ books: 0, pages: 0, days: 0, hours: 0 })),
    );
    expect(await figure('Pages per day')).toHaveTextContent(/^Pages per day0$/);
    expect(await figure('Books read')).toHaveTextContent(/^Books read0$/);
  });

  it('shows 3 skeleton lines while loading', async () => {
    renderApp(
      '/stats',
      withStats(() => new Promise(() => undefined)),
    );
    expect(await screen.findByRole('status', { name: 'Loading stats' })).toBeInTheDocument();
    expect(screen.getAllByTestId('stats-skeleton')).toHaveLength(3);
  });

  it("says 'Unable to load stats.' when the call fails", async () => {
    renderApp(
      '/stats',
      withStats(() => {
        throw new SfError({ status: 400, code: 'invalid_input', error: 'nope' });
      }),
    );
    expect(await screen.findByText('Unable to load stats.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Books read' })).not.toBeInTheDocument();
  });
});

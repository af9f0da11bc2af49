import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';
import { historyEvents, insightsAnswer } from './testing/insights-data';

const year = new Date().getUTCFullYear();

function withHistory() {
  const events = historyEvents(year);
  return fakeBackend({
    session: sessionFor(),
    sf: {
      'reading-stats': () => ({ books: 2, pages: 1032, days: 5, hours: 25.8 }),
      'reading-insights': ({ period }) => insightsAnswer(events, period),
    },
  });
}

const table = (caption: string) => screen.findByRole('table', { name: caption });

describe('Stats page: reading insights', () => {
  it('shows the current year by default: per-month bars, genres, reviews, ratings, calendar, goals, Year in Books', async () => {
    const backend = withHistory();
    renderApp('/stats', backend);
    const period = await screen.findByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue(String(year));
    // The years come with the answer.
    await within(period).findByRole('option', { name: String(year - 2) });
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All time', String(year), String(year - 2)]);
    expect(backend.sf).toHaveBeenCalledWith('reading-insights', expect.objectContaining({ period: year }));

    const months = await table('Books finished and pages read per month');
    expect(within(months).getByRole('row', { name: `March ${year} 1 600` })).toBeInTheDocument();
    expect(
      within(await table('Books finished per genre')).getByRole('row', { name: 'Science Fiction 1' }),
    ).toBeInTheDocument();
    expect(
      within(await table('Moods picked in your reviews')).getByRole('row', { name: 'Adventurous 1' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Fast 100%/)).toBeInTheDocument();
    expect(screen.getByText('Serious')).toBeInTheDocument();
    expect(screen.getByText(/Your average:/)).toHaveTextContent(
      'Your average: 4.50 · Community average of the same books: 4.20',
    );
    expect(
      within(await table('Active reading days per month')).getByRole('row', { name: `March ${year} 3` }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Longest streak in/)).toHaveTextContent(`Longest streak in ${year}: 3 days`);
    expect(screen.getByText('Books: 1 of 12')).toBeInTheDocument();

    const first = screen.getByRole('group', { name: 'First book' });
    expect(within(first).getByRole('link', { name: 'Dune' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/work\//),
    );
    expect(within(first).getByLabelText('Dune: no cover')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Fastest read' })).toHaveTextContent('3 days, start to finish');
    expect(screen.getByRole('group', { name: 'Most-read author' })).toHaveTextContent(
      'Frank Herbert (1 book)',
    );
  });

  it('switching the period changes every chart; an empty period says so kindly', async () => {
    const backend = withHistory();
    renderApp('/stats', backend);
    const period = await screen.findByRole('combobox', { name: 'Period' });
    await within(period).findByRole('option', { name: String(year - 2) });
    await userEvent.selectOptions(period, String(year - 2));
    expect(await screen.findByRole('heading', { name: `Year in Books: ${year - 2}` })).toBeInTheDocument();
    expect(
      within(await table('Books finished per genre')).getByRole('row', { name: 'Fantasy 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'First book' })).toHaveTextContent('Good Omens');
    expect(screen.getByText(`No goals set for ${year - 2}. Set one on your dashboard.`)).toBeInTheDocument();

    await userEvent.selectOptions(period, 'All time');
    const years = await table('Books finished and pages read per year');
    expect(within(years).getByRole('row', { name: `${year - 2} 1 432` })).toBeInTheDocument();
    expect(screen.getByText('Goals are yearly: pick a year to see its goals.')).toBeInTheDocument();
  });

  it('shows friendly empty states for a reader with no history', async () => {
    renderApp(
      '/stats',
      fakeBackend({
        session: sessionFor(),
        sf: {
          'reading-stats': () => ({ books: 0, pages: 0, days: 0, hours: 0 }),
          'reading-insights': ({ period }) => insightsAnswer([], period),
        },
      }),
    );
    expect(await screen.findByText(/No reading logged in this period yet/)).toBeInTheDocument();
    expect(screen.getByText('Finish a book with a genre to see what you read most.')).toBeInTheDocument();
    expect(screen.getByText(/Review the books you finish/)).toBeInTheDocument();
    expect(screen.getByText(/Rate the books you finish/)).toBeInTheDocument();
    expect(screen.getByText('Finish a book to see how long your books are.')).toBeInTheDocument();
    expect(screen.getByText('No reading days in this period yet.')).toBeInTheDocument();
    expect(screen.getByText(/Finish a book in this period to build your Year in Books/)).toBeInTheDocument();
  });

  it('says when the insights cannot be loaded, keeping the three figures', async () => {
    renderApp(
      '/stats',
      fakeBackend({
        session: sessionFor(),
        sf: {
          'reading-stats': () => ({ books: 1, pages: 10, days: 1, hours: 0.3 }),
          'reading-insights': () => {
            throw new SfError({ status: 500, code: 'internal_error', error: 'down' });
          },
        },
      }),
    );
    expect(await screen.findByText('Unable to load reading insights.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Books read' })).toHaveTextContent('1');
  });
});

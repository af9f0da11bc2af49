import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '@shared/api/social';
import { SfError } from '../../platform/errors';
import { dashboardBackend, openDashboard, readingItem } from './testing/dashboard-data';

const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const currentlyReading = () => screen.findByRole('region', { name: 'Currently Reading' });
const book = (title: string) => screen.findByRole('article', { name: title });

describe('Currently Reading', () => {
  it('shows 2 placeholder cards while loading', async () => {
    await openDashboard(
      dashboardBackend({ sf: { 'currently-reading': () => new Promise(() => undefined) } }),
    );
    const loading = await screen.findByRole('status', { name: 'Loading books' });
    expect(within(loading).getAllByTestId('reading-placeholder')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Reading Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Track your progress and achieve your reading goals')).toBeInTheDocument();
  });

  it('says when nothing is in progress, and Add Book leads to a search', async () => {
    await openDashboard(dashboardBackend());
    const card = within(await currentlyReading());
    expect(await card.findByText('No books in progress')).toBeInTheDocument();
    expect(card.getByText('Start tracking your reading journey')).toBeInTheDocument();
    expect(card.getByLabelText('0 in progress')).toHaveTextContent('0');
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Add Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Book' });
    await user.type(within(dialog).getByLabelText('Title, author or ISBN'), '  Dune {Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search/Dune'));
  });

  it('lists each book with its links, page count and rounded percent', async () => {
    const item = readingItem({ title: 'Emma', pages: 474, current_page: 158, percent: 33 });
    await openDashboard(dashboardBackend({ items: [item] }));
    const card = within(await book('Emma'));
    expect(card.getByRole('link', { name: 'Emma' })).toHaveAttribute(
      'href',
      `/work/${item.work.id}?edition=${item.edition.id}`,
    );
    expect(card.getByRole('link', { name: item.author!.name })).toHaveAttribute(
      'href',
      `/author/${item.author!.id}`,
    );
    expect(card.getByText('474 pages')).toBeInTheDocument();
    expect(card.getByText('33%')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Progress of Emma' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(card.getByRole('button', { name: 'Update Progress' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Pause reading Emma' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Resume Reading' })).not.toBeInTheDocument();
  });

  it('counts and shows at most 10 books', async () => {
    const items = Array.from({ length: 12 }, (_, i) => readingItem({ title: `Volume ${i + 1}` }));
    await openDashboard(dashboardBackend({ items }));
    const card = within(await currentlyReading());
    expect(await card.findAllByRole('article')).toHaveLength(10);
    expect(card.getByLabelText('10 in progress')).toHaveTextContent('10');
    expect(card.queryByText('Volume 11')).not.toBeInTheDocument();
  });

  it('pauses a book, carrying its page, and then offers Resume Reading', async () => {
    const item = readingItem({ title: 'Emma', current_page: 158 });
    const backend = dashboardBackend({ items: [item] });
    await openDashboard(backend);
    const user = userEvent.setup();
    await user.click(within(await book('Emma')).getByRole('button', { name: 'Pause reading Emma' }));
    const card = within(await book('Emma'));
    await user.click(await card.findByRole('button', { name: 'Resume Reading' }));
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: item.work.id,
      edition_id: item.edition.id,
      event_type: 'pause',
      end_page: 158,
    });
    expect(await card.findByRole('button', { name: 'Update Progress' })).toBeInTheDocument();
    expect(backend.sf).toHaveBeenCalledWith('log-progress-event', {
      work_id: item.work.id,
      edition_id: item.edition.id,
      event_type: 'resume',
    });
    expect(card.getByText('53%')).toBeInTheDocument();
  });

  it('shows the server’s reason when a pause is refused', async () => {
    const backend = dashboardBackend({
      items: [readingItem({ title: 'Emma' })],
      sf: {
        'log-progress-event': () => {
          throw new SfError({ status: 409, code: 'invalid_transition', error: "Cannot log 'pause'." });
        },
      },
    });
    await openDashboard(backend);
    const user = userEvent.setup();
    await user.click(within(await book('Emma')).getByRole('button', { name: 'Pause reading Emma' }));
    expect(await within(await book('Emma')).findByRole('alert')).toHaveTextContent("Cannot log 'pause'.");
  });

  it('shows why the list could not be loaded', async () => {
    const backend = dashboardBackend({
      sf: {
        'currently-reading': () => {
          throw new SfError({ status: 500, code: 'internal', error: 'The database is unavailable.' });
        },
      },
    });
    await openDashboard(backend);
    expect(await within(await currentlyReading()).findByRole('alert')).toHaveTextContent(
      'The database is unavailable.',
    );
  });

  it('asks with the reader’s time zone for the goals and the streak', async () => {
    const backend = dashboardBackend();
    await openDashboard(backend);
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(backend.sf).toHaveBeenCalledWith('reading-streak', { timezone }));
    expect(backend.sf).toHaveBeenCalledWith('reading-goals', { timezone });
  });
});

describe('Reading Streak', () => {
  const streakCard = () => screen.findByRole('region', { name: 'Reading Streak' });

  it('invites a start at 0', async () => {
    await openDashboard(dashboardBackend({ streak: 0 }));
    const card = within(await streakCard());
    expect(await card.findByText('Start your streak today!')).toBeInTheDocument();
    expect(card.getByTestId('streak-days')).toHaveTextContent('0');
    expect(card.getByText('days in a row')).toBeInTheDocument();
    expect(card.queryByText('Keep the momentum going!')).not.toBeInTheDocument();
    expect(card.queryByText(/on fire/)).not.toBeInTheDocument();
  });

  it('encourages, with a fire message, above 0', async () => {
    await openDashboard(dashboardBackend({ streak: 1 }));
    const card = within(await streakCard());
    expect(await card.findByText('Keep the momentum going!')).toBeInTheDocument();
    expect(card.getByTestId('streak-days')).toHaveTextContent('1');
    expect(card.getByText('day in a row')).toBeInTheDocument();
    expect(card.getByText("You're on fire: 1 day of reading!")).toBeInTheDocument();
    expect(card.queryByText('Start your streak today!')).not.toBeInTheDocument();
  });

  it('fails silently, only logging, for the streak and the goals', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refuse = () => {
      throw new SfError({ status: 500, code: 'internal', error: 'boom' });
    };
    await openDashboard(dashboardBackend({ sf: { 'reading-streak': refuse, 'reading-goals': refuse } }));
    const card = within(await streakCard());
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Loading the reading streak failed', expect.any(SfError)),
    );
    expect(warn).toHaveBeenCalledWith('Loading the reading goals failed', expect.any(SfError));
    expect(card.getByTestId('streak-days')).toHaveTextContent('–');
    expect(card.queryByText('Start your streak today!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/No goals set/)).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('Friends Activity and Recommended for You', () => {
  const maya = { id: UUID(7), username: 'maya_c', first_name: 'Maya', last_name: 'Chen', avatar_url: null };
  const work = { id: UUID(8), title: 'Middlemarch', cover_url: null };
  const line = (over: Partial<ActivityItem>): ActivityItem => ({
    id: UUID(9),
    kind: 'start',
    at: '2025-03-04T10:00:00.000Z',
    reader: maya,
    work,
    rating: null,
    headline: null,
    review_id: null,
    shelf: null,
    book_count: null,
    goal: null,
    ...over,
  });

  it('lists what followed readers did, linking the reader and the work, and links to /activity', async () => {
    await openDashboard(
      dashboardBackend({
        sf: {
          'friends-activity': () => ({
            items: [
              line({ id: UUID(10), kind: 'finish', rating: 4.5, review_id: UUID(11) }),
              line({
                id: UUID(12),
                kind: 'shelved',
                work: null,
                book_count: 12,
                shelf: { id: UUID(13), name: 'To Be Read' },
              }),
            ],
            next_cursor: null,
            following: 1,
          }),
        },
      }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Friends Activity' }));
    const items = await panel.findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'Maya Chen finished Middlemarch and rated it 4.5 stars · Review',
      'Maya Chen added 12 books to To Be Read',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Middlemarch' })).toHaveAttribute(
      'href',
      `/work/${work.id}`,
    );
    expect(within(items[0]!).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute(
      'href',
      '/user/maya_c',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      `/work/${work.id}#review-${UUID(11)}`,
    );
    expect(panel.getByRole('link', { name: 'See all activity' })).toHaveAttribute('href', '/activity');
    expect(panel.queryByText('Jonas Weber')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recommended for You' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it('says when nobody is followed and offers readers to follow instead of sample people', async () => {
    await openDashboard(
      dashboardBackend({
        sf: {
          'reader-suggestions': () => ({ readers: [{ reader: maya, reason: 'shared_books', count: 3 }] }),
          'reader-relationship': () => ({
            following: 'none',
            followed_by: false,
            blocked: false,
            muted: false,
            follow_policy: 'anyone',
          }),
        },
      }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Friends Activity' }));
    expect(await panel.findByText(/You are not following anyone yet\./)).toBeInTheDocument();
    const suggestions = within(await panel.findByRole('region', { name: 'Readers you may like' }));
    expect(await suggestions.findByText('3 books in common')).toBeInTheDocument();
    expect(await suggestions.findByRole('button', { name: 'Follow Maya Chen' })).toBeEnabled();
    expect(panel.queryByText('Jonas Weber')).not.toBeInTheDocument();
  });
});

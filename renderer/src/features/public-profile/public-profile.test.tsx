import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/api/endpoints';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderApp } from '../../testing/render-app';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function answer(overrides: Partial<ResponseOf<'public-profile'>> = {}): ResponseOf<'public-profile'> {
  return {
    profile: { id: uuid(1), username: 'grace_h', first_name: 'Grace', last_name: 'Hopper', avatar_url: null },
    followers: 2,
    following: 1,
    restricted: false,
    shelves: [
      { id: uuid(2), name: 'Currently Reading', count: 1 },
      { id: uuid(3), name: 'Compilers', count: 12 },
    ],
    shelves_total: 2,
    reading: [
      {
        edition_id: uuid(4),
        work_id: uuid(5),
        title: 'Middlemarch',
        author: { id: uuid(6), name: 'George Eliot' },
        cover_url: null,
        page_count: 880,
        progress_percent: 42,
      },
    ],
    reviews: 3,
    ratings: 7,
    avg_rating: 4.3,
    ...overrides,
  };
}

const backendWith = (data: ResponseOf<'public-profile'>) =>
  fakeBackend({ sf: { 'public-profile': () => data } });

describe('Public profile (/user/{username})', () => {
  it('shows the name, @username, rating and review counts and the average to 2 decimals', async () => {
    const backend = backendWith(answer());
    renderApp('/user/grace_h', backend);
    expect(await screen.findByRole('heading', { name: 'Grace', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('@grace_h')).toBeInTheDocument();
    expect(screen.getByText('GR')).toBeInTheDocument();
    const numbers = screen.getByLabelText('Reviews and ratings');
    expect(numbers).toHaveTextContent('7Ratings');
    expect(numbers).toHaveTextContent('3Reviews');
    expect(numbers).toHaveTextContent('4.30Avg rating');
    expect(backend.sf).toHaveBeenCalledWith('public-profile', { username: 'grace_h' });
    await waitFor(() => expect(document.title).toBe('Grace | Shelfwise'));
  });

  it('lists the books in progress with cover, author and rounded progress, and the shelves with counts', async () => {
    renderApp('/user/grace_h', backendWith(answer()));
    const reading = await screen.findByRole('region', { name: 'Currently Reading' });
    expect(within(reading).getByRole('link', { name: 'Middlemarch' })).toHaveAttribute(
      'href',
      `/work/${uuid(5)}?edition=${uuid(4)}`,
    );
    expect(within(reading).getByRole('link', { name: 'George Eliot' })).toHaveAttribute(
      'href',
      `/author/${uuid(6)}`,
    );
    expect(within(reading).getByText('No Cover')).toBeInTheDocument();
    expect(within(reading).getByText('42%')).toBeInTheDocument();

    const shelves = screen.getByRole('region', { name: 'Shelves' });
    expect(within(shelves).getByRole('link', { name: 'Compilers, 12 books' })).toHaveAttribute(
      'href',
      `/shelf/${uuid(3)}`,
    );
    expect(within(shelves).getByRole('link', { name: 'Currently Reading, 1 book' })).toBeInTheDocument();
  });

  it('says how many shelves there are when the list is cut short', async () => {
    renderApp('/user/grace_h', backendWith(answer({ shelves_total: 5000 })));
    const shelves = await screen.findByRole('region', { name: 'Shelves' });
    expect(within(shelves).getByText('Showing 2 of 5,000 shelves.')).toBeInTheDocument();
    expect(within(shelves).getAllByRole('link')).toHaveLength(2);
  });

  it('says nothing of a total when every shelf is listed', async () => {
    renderApp('/user/grace_h', backendWith(answer()));
    const shelves = await screen.findByRole('region', { name: 'Shelves' });
    expect(within(shelves).queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('falls back to the username without a first name, leaves out a missing average and says what is empty', async () => {
    const data = answer({
      profile: { id: uuid(1), username: 'grace_h', first_name: null, last_name: null, avatar_url: null },
      shelves: [],
      shelves_total: 0,
      reading: [],
      reviews: 0,
      ratings: 0,
      avg_rating: null,
    });
    renderApp('/user/grace_h', backendWith(data));
    expect(await screen.findByRole('heading', { name: 'grace_h', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No books currently in progress.')).toBeInTheDocument();
    expect(screen.getByText('No shelves.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reviews and ratings')).not.toHaveTextContent('Avg rating');
    await waitFor(() => expect(document.title).toBe('grace_h | Shelfwise'));
  });

  it("says 'Profile not found' for an unknown username", async () => {
    const backend = fakeBackend({
      sf: {
        'public-profile': () => {
          throw new SfError({ status: 404, code: 'not_found', error: 'Profile not found' });
        },
      },
    });
    renderApp('/user/nobody', backend);
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });

  it("shows the server's message for other failures, else 'Failed to load profile'", async () => {
    const failing = (error: string) =>
      fakeBackend({
        sf: {
          'public-profile': () => {
            throw new SfError({ status: 503, code: 'unavailable', error });
          },
        },
      });
    const view = renderApp('/user/grace_h', failing('Try again in a minute'));
    expect(await screen.findByText('Try again in a minute')).toBeInTheDocument();
    view.unmount();
    renderApp('/user/grace_h', failing(''));
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
  });

  it('shows follow counts, opens the followers list, and follows from the profile when signed in', async () => {
    let following: 'none' | 'accepted' = 'none';
    const fan = { id: uuid(9), username: 'fan_1', first_name: 'Fan', last_name: null, avatar_url: null };
    const backend = fakeBackend({
      session: sessionFor(),
      sf: {
        'public-profile': () => answer({ followers: following === 'accepted' ? 3 : 2 }),
        'reader-relationship': () => ({
          following,
          followed_by: false,
          blocked: false,
          muted: false,
          follow_policy: 'anyone',
        }),
        'follow-reader': () => {
          following = 'accepted';
          return { state: 'accepted' };
        },
        'reader-followers': () => ({ readers: [fan], next_cursor: null }),
      },
    });
    renderApp('/user/grace_h', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Grace Hopper' }));
    expect(backend.sf).toHaveBeenCalledWith('follow-reader', { user_id: uuid(1) });
    expect(await screen.findByRole('button', { name: 'Unfollow Grace Hopper' })).toHaveTextContent(
      'Following',
    );
    await userEvent.click(await screen.findByRole('button', { name: '3 followers' }));
    const list = await screen.findByRole('dialog', { name: 'Followers' });
    expect(within(list).getByRole('link', { name: 'Fan' })).toHaveAttribute('href', '/user/fan_1');
  });

  it('shows only the header of a reader who approves followers, and no follow button signed out', async () => {
    renderApp(
      '/user/grace_h',
      backendWith(
        answer({ restricted: true, shelves: [], shelves_total: 0, reading: [], ratings: 0, reviews: 0 }),
      ),
    );
    expect(
      await screen.findByText(/This reader shares their shelves and reading with their followers\./),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Shelves' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reviews and ratings')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 followers' })).toBeInTheDocument();
  });
});

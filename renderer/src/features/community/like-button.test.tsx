import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '@shared/api/endpoints';
import type { ReaderCard } from '@shared/api/social';
import { SessionProvider } from '../../session/session-provider';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { renderInProviders } from '../../testing/render-app';
import { LikeButton } from './like-button';

const REVIEW = '7c1d2e3f-4a5b-4c6d-8e7f-000000000001';
const reader = (n: number): ReaderCard => ({
  id: `9e8d7c6b-5a4f-4e3d-9c2b-${String(n).padStart(12, '0')}`,
  username: `liker_${n}`,
  first_name: `Liker`,
  last_name: `${n}`,
  avatar_url: null,
});

/** Who liked, two pages: readers 1 and 2, then 3 after the cursor 'p2'. */
function likersBackend(signedIn: boolean) {
  const asked: RequestOf<'likers'>[] = [];
  const backend = fakeBackend({
    session: signedIn ? sessionFor() : null,
    sf: {
      likers: (input) => {
        asked.push(input);
        return input.after === 'p2'
          ? { readers: [reader(3)], next_cursor: null }
          : { readers: [reader(1), reader(2)], next_cursor: 'p2' };
      },
      like: () => ({ liked: true, like_count: 4 }),
    },
  });
  return { backend, asked };
}

function mount(props: { count: number; signedIn: boolean }, backend: ReturnType<typeof fakeBackend>) {
  return renderInProviders(
    <SessionProvider reload={() => undefined}>
      <LikeButton
        target={{ review_id: REVIEW }}
        liked={false}
        count={props.count}
        signedIn={props.signedIn}
        label="review by ada"
      />
    </SessionProvider>,
    backend,
    '/',
  );
}

describe('LikeButton', () => {
  it('opens who liked from the count, pages by cursor, links each reader, and closes with Escape', async () => {
    const { backend, asked } = likersBackend(true);
    mount({ count: 3, signedIn: true }, backend);
    const count = screen.getByRole('button', { name: '3 likes: see who liked review by ada' });
    expect(count).toHaveAttribute('aria-haspopup', 'dialog');
    count.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Who liked review by ada' });
    expect(await within(dialog).findByRole('link', { name: 'Liker 1' })).toHaveAttribute(
      'href',
      '/user/liker_1',
    );
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: /show more/i }));
    expect(await within(dialog).findByRole('link', { name: 'Liker 3' })).toBeVisible();
    expect(asked).toEqual([
      { review_id: REVIEW, limit: 30 },
      { review_id: REVIEW, limit: 30, after: 'p2' },
    ]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(count).toHaveFocus();
  });

  it('lets a signed-out visitor see who liked, without a like toggle', async () => {
    const { backend } = likersBackend(false);
    mount({ count: 2, signedIn: false }, backend);
    expect(screen.queryByRole('button', { name: /^Like / })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2 likes: see who liked review by ada' }));
    expect(await screen.findByRole('dialog', { name: 'Who liked review by ada' })).toBeVisible();
  });

  it('shows no count button while nobody liked, and counts a new like into one', async () => {
    const { backend, asked } = likersBackend(true);
    mount({ count: 0, signedIn: true }, backend);
    expect(screen.getByText('0 likes')).toBeVisible();
    expect(screen.queryByRole('button', { name: /see who liked/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Like review by ada, 0 likes' }));
    expect(await screen.findByRole('button', { name: '4 likes: see who liked review by ada' })).toBeVisible();
    expect(asked).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import type { SfAnswers } from '../../testing/fake-backend';
import { CommunityReviews } from './community-reviews';
import { EDITION_ID, WORK_ID, makeReview, ownReview, renderReviews } from './testing/mount-review-parts';

type Answers = SfAnswers;

function setup(reviews: Review[], options: { signedIn?: boolean; sf?: Answers } = {}) {
  const backend = fakeBackend({
    session: options.signedIn === false ? null : sessionFor(),
    sf: { 'work-reviews': () => ({ reviews }), ...options.sf },
  });
  const view = renderReviews(<CommunityReviews workId={WORK_ID} editionId={EDITION_ID} />, backend);
  return { backend, ...view };
}

const cards = () => screen.findAllByRole('article');

afterEach(() => vi.restoreAllMocks());

describe('Community Reviews', () => {
  it('shows a visitor every review with its avatar, profile link, date, rating and text, but no buttons', async () => {
    setup(
      [
        makeReview({ username: 'brontë', rating: 4.25, headline: 'Wild moors', review_body: 'Stormy.' }),
        makeReview({ username: 'bob', created_at: '2024-12-31T12:00:00.000Z', rating: 2 }),
      ],
      { signedIn: false },
    );
    expect(screen.getByRole('heading', { name: 'Community Reviews' })).toBeInTheDocument();
    const [first, second] = await cards();
    const card = within(first!);
    expect(card.getByRole('link', { name: 'brontë' })).toHaveAttribute('href', '/user/bront%C3%AB');
    expect(card.getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Rated 4.25 out of 5' })).toBeInTheDocument();
    expect(card.getByText('BR')).toBeInTheDocument();
    expect(card.getByText('Wild moors')).toBeInTheDocument();
    expect(card.getByText('Stormy.')).toBeInTheDocument();
    expect(within(second!).getByText('Dec 31, 2024')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Write Review|Edit Review|Review actions/ })).toBeNull();
  });

  it("puts the reader's own review first with the only menu, and offers 'Edit Review'", async () => {
    setup([
      makeReview({ username: 'zed' }),
      ownReview({ headline: 'Mine' }),
      makeReview({ username: 'amy' }),
    ]);
    const list = await cards();
    expect(list.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Review by ada',
      'Review by zed',
      'Review by amy',
    ]);
    expect(within(list[0]!).getByText('Your review')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Review actions' })).toHaveLength(1);
    expect(within(list[0]!).getByRole('button', { name: 'Review actions' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull();
  });

  it("offers 'Write Review' to a signed-in reader without a review, and an empty state", async () => {
    setup([]);
    expect(
      await screen.findByText('No reviews yet. Be the first to share what you thought.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Write Review' })).toBeInTheDocument();
  });

  it('tells a visitor there are no reviews yet', async () => {
    setup([], { signedIn: false });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it("cuts a long text at 300 characters with 'Read more' and 'Show less'", async () => {
    const long = `${'x'.repeat(300)}THE END`;
    setup([makeReview({ review_body: long }), makeReview({ review_body: 'y'.repeat(300) })], {
      signedIn: false,
    });
    const [first, second] = await cards();
    const card = within(first!);
    expect(card.getByText(`${'x'.repeat(300)}…`)).toBeInTheDocument();
    expect(card.queryByText(long)).toBeNull();
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Read more' }));
    expect(card.getByText(long)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(card.getByRole('button', { name: 'Show less' }));
    expect(card.getByText(`${'x'.repeat(300)}…`)).toBeInTheDocument();
    expect(within(second!).getByText('y'.repeat(300))).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('hides a spoiler review behind a banner until the reader reveals it', async () => {
    setup([makeReview({ spoiler: true, headline: 'Twist!', review_body: 'The butler did it.', rating: 3 })], {
      signedIn: false,
    });
    const card = within((await cards())[0]!);
    expect(card.getByText('This review contains spoilers.')).toBeInTheDocument();
    expect(card.queryByText('Twist!')).toBeNull();
    expect(card.queryByText('The butler did it.')).toBeNull();
    expect(card.getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Reveal spoilers' }));
    expect(card.getByText('Twist!')).toBeInTheDocument();
    expect(card.getByText('The butler did it.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Hide spoilers' }));
    expect(card.queryByText('The butler did it.')).toBeNull();
  });

  it('says when the reviews cannot be loaded, and tries again', async () => {
    let fail = true;
    setup([], {
      sf: {
        'work-reviews': () => {
          if (fail) throw new SfError({ status: 500, code: 'internal_error', error: 'boom' });
          return { reviews: [makeReview({ username: 'later' })] };
        },
      },
    });
    expect(await screen.findByText('Unable to load reviews.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'later' })).toBeInTheDocument();
  });
});

describe('Community Reviews: writing, editing and deleting', () => {
  it('writes a review, then refreshes the reviews and the work', async () => {
    const stored: Review[] = [makeReview({ username: 'bob' })];
    const { backend, queryClient } = setup(stored, {
      sf: {
        'work-reviews': () => ({ reviews: [...stored] }),
        'submit-review': () => {
          stored.unshift(ownReview({ headline: 'Fresh take', rating: 4.5 }));
          return { ok: true, review_id: stored[0]!.id };
        },
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write Review' });
    const star = within(dialog).getByLabelText('4.5 stars');
    await user.click(dialog.querySelector(`label[for="${star.id}"]`)!);
    await user.click(within(dialog).getByLabelText('Headline'));
    await user.paste('Fresh take');
    await user.click(within(dialog).getByRole('button', { name: 'Save Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.sf).toHaveBeenCalledWith(
      'submit-review',
      expect.objectContaining({
        work_id: WORK_ID,
        edition_id: EDITION_ID,
        rating: 4.5,
        headline: 'Fresh take',
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sf', 'work-reviews'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sf', 'work-details'] });
    expect(await screen.findByText('Fresh take')).toBeInTheDocument();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Review by ada');
    expect(screen.getByRole('button', { name: 'Edit Review' })).toBeInTheDocument();
  });

  it("opens 'Edit Review' from the menu with the review filled in", async () => {
    setup([ownReview({ headline: 'Mine', rating: 3.5 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    expect(within(dialog).getByLabelText('Headline')).toHaveValue('Mine');
    expect(within(dialog).getByText('3.5 / 5')).toBeInTheDocument();
  });

  it('deletes the own review after confirmation and refreshes the list and the work', async () => {
    let stored: Review[] = [ownReview({ headline: 'Gone soon' }), makeReview({ username: 'bob' })];
    const { backend, queryClient } = setup([], {
      sf: {
        'work-reviews': () => ({ reviews: stored }),
        'delete-review': ({ review_id }: any) => {
          stored = stored.filter((r) => r.id !== review_id);
          return { ok: true };
        },
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    const ownId = stored[0]!.id;
    await user.click(await screen.findByRole('button', { name: 'Review actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Review' });
    expect(backend.sf).not.toHaveBeenCalledWith('delete-review', expect.anything());
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Gone soon')).toBeNull());
    expect(backend.sf).toHaveBeenCalledWith('delete-review', { review_id: ownId });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sf', 'work-reviews'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sf', 'work-details'] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Write Review' })).toBeInTheDocument();
  });

  it('Cancel keeps the review', async () => {
    const { backend } = setup([ownReview({ headline: 'Staying' })], {
      sf: { 'delete-review': () => ({ ok: true }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.sf).not.toHaveBeenCalledWith('delete-review', expect.anything());
    expect(screen.getByText('Staying')).toBeInTheDocument();
  });

  it("logs 'Failed to delete review' when the delete fails, and the review stays", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup([ownReview({ headline: 'Still here' })], {
      sf: {
        'delete-review': () => {
          throw new SfError({ status: 500, code: 'internal_error', error: 'Database unavailable' });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logged).toHaveBeenCalledWith('Failed to delete review', expect.any(SfError));
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

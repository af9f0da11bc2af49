import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { SF_NETWORK_ERROR, SfError } from '../../platform/errors';
import { fakeBackend, sessionFor } from '../../testing/fake-backend';
import { ReviewDialog } from './review-dialog';
import { EDITION_ID, WORK_ID, ownReview, renderReviews } from './testing/mount-review-parts';
import type { SfAnswers } from '../../testing/fake-backend';
import type { ResponseOf } from '@shared/api/endpoints';

async function setup(
  options: { review?: Review | null; signedIn?: boolean; submit?: SfAnswers['submit-review'] } = {},
) {
  const onClose = vi.fn();
  const backend = fakeBackend({
    session: options.signedIn === false ? null : sessionFor(),
    sf: { 'submit-review': options.submit ?? (() => ({ ok: true, review_id: ownReview().id })) },
  });
  renderReviews(
    <ReviewDialog
      opened
      onClose={onClose}
      workId={WORK_ID}
      editionId={EDITION_ID}
      review={options.review ?? null}
    />,
    backend,
  );
  // Saving needs the session, which the provider reads asynchronously at start-up.
  await waitFor(() =>
    expect(options.signedIn === false ? backend.getSession : backend.getUser).toHaveBeenCalled(),
  );
  return { backend, onClose };
}

const dialog = (name = 'Write Review') => screen.findByRole('dialog', { name });

async function rate(user: UserEvent, stars: string) {
  const input = screen.getByLabelText(stars);
  await user.click(document.querySelector(`label[for="${input.id}"]`)!);
}

const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('Review dialog', () => {
  it("starts as 'Write Review' with no tone, pace or story focus chosen, recommend skipped, no rating", async () => {
    await setup();
    const view = within(await dialog());
    expect(view.getByText('Not rated')).toBeInTheDocument();
    for (const label of ['Light', 'Mild', 'Neutral', 'Serious', 'Dark'])
      expect(radio('Tone', label)).not.toBeChecked();
    for (const label of ['Slow', 'Medium', 'Fast']) expect(radio('Pace', label)).not.toBeChecked();
    for (const label of ['Plot-driven', 'Character-driven', 'Mixed'])
      expect(radio('Story focus', label)).not.toBeChecked();
    expect(radio('Would you recommend it?', 'Skip')).toBeChecked();
    expect(view.getByRole('checkbox', { name: 'This review contains spoilers' })).not.toBeChecked();
    expect(within(view.getByRole('group', { name: 'Moods' })).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(view.getByRole('group', { name: 'Qualities' })).getAllByRole('checkbox')).toHaveLength(5);
    const violence = view.getByRole('combobox', { name: 'Violence' });
    expect(violence).toHaveValue('0');
    expect(
      within(violence)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Minor', 'Moderate', 'Severe']);
    expect(view.getAllByRole('combobox')).toHaveLength(8);
  });

  it("refuses to save without a rating: 'Please select a rating'", async () => {
    const { backend } = await setup();
    const user = userEvent.setup();
    await user.click(within(await dialog()).getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByText('Please select a rating')).toBeInTheDocument();
    // Focus goes to the rating, so a phone scrolls the message into view.
    expect(screen.getByLabelText('0 stars')).toHaveFocus();
    expect(backend.sf).not.toHaveBeenCalledWith('submit-review', expect.anything());
    await rate(user, '2.75 stars');
    expect(screen.queryByText('Please select a rating')).toBeNull();
    expect(screen.getByText('2.75 / 5')).toBeInTheDocument();
  });

  it('picks a star with the keyboard (Enter) without saving the review', async () => {
    const { backend, onClose } = await setup();
    const user = userEvent.setup();
    await dialog();
    screen.getByLabelText('3.75 stars').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('3.75 / 5')).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('submit-review', expect.anything());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the length rules of the headline and the text in their words', async () => {
    const { backend } = await setup();
    const user = userEvent.setup();
    const view = within(await dialog());
    await rate(user, '4 stars');
    await user.click(view.getByLabelText('Headline'));
    await user.paste('h'.repeat(201));
    await user.click(view.getByLabelText('Review'));
    await user.paste('b'.repeat(2001));
    expect(view.getByText('201/200')).toBeInTheDocument();
    await user.click(view.getByRole('button', { name: 'Save Review' }));
    expect(view.getByText('Headline must be at most 200 characters')).toBeInTheDocument();
    expect(view.getByLabelText('Headline')).toHaveFocus();
    expect(view.getByText('Review must be at most 2000 characters')).toBeInTheDocument();
    expect(backend.sf).not.toHaveBeenCalledWith('submit-review', expect.anything());
  });

  it('sends every field as the reader set it', async () => {
    const { backend, onClose } = await setup();
    const user = userEvent.setup();
    const view = within(await dialog());
    await rate(user, '3.25 stars');
    await user.click(view.getByLabelText('Headline'));
    await user.paste('Quietly devastating');
    await user.click(view.getByLabelText('Review'));
    await user.paste('Read it twice.');
    await user.click(view.getByRole('checkbox', { name: 'This review contains spoilers' }));
    await user.click(radio('Tone', 'Dark'));
    await user.click(radio('Pace', 'Slow'));
    await user.click(radio('Story focus', 'Character-driven'));
    await user.click(radio('Would you recommend it?', 'No'));
    await user.click(view.getByRole('checkbox', { name: 'Reflective' }));
    await user.click(view.getByRole('checkbox', { name: 'Emotional' }));
    await user.click(view.getByRole('checkbox', { name: 'Beautiful prose' }));
    await user.selectOptions(view.getByRole('combobox', { name: 'Death/Grief' }), 'Severe');
    await user.selectOptions(view.getByRole('combobox', { name: 'Abuse' }), 'Minor');
    await user.click(view.getByRole('button', { name: 'Save Review' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(backend.sf).toHaveBeenCalledWith('submit-review', {
      work_id: WORK_ID,
      edition_id: EDITION_ID,
      rating: 3.25,
      tone: 5,
      pace: 1,
      recommend: false,
      story_focus: 2,
      headline: 'Quietly devastating',
      review_body: 'Read it twice.',
      spoiler: true,
      mood_ids: [2, 8],
      quality_ids: [3],
      content_warnings: { '3': 1, '4': 3 },
    });
  });

  it("fills 'Edit Review' from the reader's review", async () => {
    await setup({
      review: ownReview({
        rating: 4.25,
        headline: 'Haunting',
        review_body: 'Stayed with me.',
        spoiler: true,
        tone_q: 4,
        pace_q: 3,
        story_focus_q: 1,
        recommend_yes: true,
        moods: [4, 10],
        qualities: [2],
        content_warnings: { '1': 2 },
      }),
    });
    const view = within(await dialog('Edit Review'));
    expect(view.getByText('4.25 / 5')).toBeInTheDocument();
    expect(view.getByLabelText('4.25 stars')).toBeChecked();
    expect(view.getByLabelText('Headline')).toHaveValue('Haunting');
    expect(view.getByLabelText('Review')).toHaveValue('Stayed with me.');
    expect(view.getByRole('checkbox', { name: 'This review contains spoilers' })).toBeChecked();
    expect(radio('Tone', 'Serious')).toBeChecked();
    expect(radio('Pace', 'Fast')).toBeChecked();
    expect(radio('Story focus', 'Plot-driven')).toBeChecked();
    expect(radio('Would you recommend it?', 'Yes')).toBeChecked();
    expect(view.getByRole('checkbox', { name: 'Mysterious' })).toBeChecked();
    expect(view.getByRole('checkbox', { name: 'Tense' })).toBeChecked();
    expect(view.getByRole('checkbox', { name: 'Adventurous' })).not.toBeChecked();
    expect(view.getByRole('checkbox', { name: 'Twist-heavy' })).toBeChecked();
    expect(view.getByRole('combobox', { name: 'Violence' })).toHaveValue('2');
    expect(view.getByRole('combobox', { name: 'Graphic gore' })).toHaveValue('0');
  });

  it('cannot be closed while saving: no Escape, no close button, no Cancel', async () => {
    let finish: (value: ResponseOf<'submit-review'>) => void = () => undefined;
    const { onClose } = await setup({ submit: () => new Promise((resolve) => (finish = resolve)) });
    const user = userEvent.setup();
    const view = within(await dialog());
    await rate(user, '5 stars');
    await user.click(view.getByRole('button', { name: 'Save Review' }));
    await waitFor(() => expect(view.getByRole('button', { name: 'Close' })).toBeDisabled());
    expect(view.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(view.getByLabelText('Headline')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Write Review' })).toBeInTheDocument();
    finish({ ok: true, review_id: ownReview().id });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes with Escape or Cancel when not saving', async () => {
    const { onClose } = await setup();
    const user = userEvent.setup();
    await dialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("shows the server's error text and stays open", async () => {
    const { onClose } = await setup({
      submit: () => {
        throw new SfError({
          status: 400,
          code: 'bad_request',
          error: 'This edition belongs to another work',
        });
      },
    });
    const user = userEvent.setup();
    await dialog();
    await rate(user, '1 star');
    await user.click(screen.getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This edition belongs to another work');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("says 'Failed to save review' when the server sent no text", async () => {
    await setup({
      submit: () => {
        throw new SfError({ status: 0, code: SF_NETWORK_ERROR, error: 'fetch failed' });
      },
    });
    const user = userEvent.setup();
    await dialog();
    await rate(user, '1 star');
    await user.click(screen.getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to save review$/);
  });

  it("tells a signed-out visitor 'You must be logged in to submit a review'", async () => {
    const { backend } = await setup({ signedIn: false });
    const user = userEvent.setup();
    await dialog();
    await rate(user, '3 stars');
    await user.click(screen.getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to submit a review');
    expect(backend.sf).not.toHaveBeenCalledWith('submit-review', expect.anything());
  });
});

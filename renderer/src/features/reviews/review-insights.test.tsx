import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { SfError } from '../../platform/errors';
import { fakeBackend } from '../../testing/fake-backend';
import { ReviewInsightsPanel } from './review-insights';
import { WORK_ID, makeReview, renderReviews } from './testing/mount-review-parts';

function setup(reviews: Review[] | Error) {
  const backend = fakeBackend({
    sf: {
      'work-reviews': () => {
        if (reviews instanceof Error) throw reviews;
        return { reviews };
      },
    },
  });
  renderReviews(<ReviewInsightsPanel workId={WORK_ID} />, backend);
}

const part = (name: string) => within(screen.getByRole('group', { name }));

describe('Review Insights', () => {
  it('shows the shared insight maths for the work’s reviews', async () => {
    setup([
      makeReview({
        tone_q: 4,
        pace_q: 3,
        story_focus_q: 1,
        recommend_yes: true,
        moods: [1, 2, 9],
        qualities: [3],
        content_warnings: { '1': 3 },
      }),
      makeReview({
        tone_q: 5,
        pace_q: 3,
        story_focus_q: 2,
        recommend_yes: true,
        moods: [1, 2, 9, 10],
        qualities: [3, 5],
        content_warnings: { '1': 1, '4': 2 },
      }),
      makeReview({
        tone_q: 4,
        pace_q: 1,
        story_focus_q: 1,
        recommend_yes: false,
        moods: [1, 9, 10, 4],
        qualities: [],
        content_warnings: {},
      }),
      makeReview({ tone_q: 3, pace_q: 2, story_focus_q: 3, recommend_yes: null, moods: [1, 5] }),
    ]);
    expect(await screen.findByText('Based on 4 reviews')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review Insights' })).toBeInTheDocument();
    // Tone: (4 + 5 + 4 + 3) / 4 = 4 -> Serious.
    expect(part('Tone').getByText('Serious')).toBeInTheDocument();
    expect(part('Tone').getByText('(average 4.0 of 5)')).toBeInTheDocument();
    // Pace votes: Slow 1, Medium 1, Fast 2 of 4.
    expect(part('Pace').getByRole('progressbar', { name: 'Slow 25%' })).toBeInTheDocument();
    expect(part('Pace').getByRole('progressbar', { name: 'Medium 25%' })).toBeInTheDocument();
    expect(part('Pace').getByRole('progressbar', { name: 'Fast 50%' })).toBeInTheDocument();
    expect(part('Story focus').getByRole('progressbar', { name: 'Plot-driven 50%' })).toBeInTheDocument();
    expect(
      part('Story focus').getByRole('progressbar', { name: 'Character-driven 25%' }),
    ).toBeInTheDocument();
    expect(part('Story focus').getByRole('progressbar', { name: 'Mixed 25%' })).toBeInTheDocument();
    // Recommend: 2 yes, 1 no, 1 skipped -> 2 / 3 = 67%.
    expect(part('Recommended').getByText('67%')).toBeInTheDocument();
    expect(part('Recommended').getByText(/recommend it \(2 of 3\)/)).toBeInTheDocument();
    // Moods: Adventurous 4, Dark 3, Emotional 2, Tense 2, then Mysterious 1 and Inspiring 1 are cut.
    expect(
      part('Popular moods')
        .getAllByText(/ · \d$/)
        .map((b) => b.textContent),
    ).toEqual(['Adventurous · 4', 'Dark · 3', 'Emotional · 2', 'Tense · 2']);
    expect(
      part('Qualities')
        .getAllByText(/ · \d$/)
        .map((b) => b.textContent),
    ).toEqual(['Beautiful prose · 2', 'Thought-provoking themes · 1']);
    expect(part('Content warnings').getByText('Violence')).toBeInTheDocument();
    expect(part('Content warnings').getByText('Minor 1, Severe 1')).toBeInTheDocument();
    expect(part('Content warnings').getByText('Death/Grief')).toBeInTheDocument();
    expect(part('Content warnings').getByText('Moderate 1')).toBeInTheDocument();
  });

  it('says when nobody answered the recommend question or picked anything', async () => {
    setup([makeReview({ tone_q: 1 })]);
    expect(await screen.findByText('Based on 1 review')).toBeInTheDocument();
    expect(part('Tone').getByText('Light')).toBeInTheDocument();
    expect(part('Recommended').getByText('No one has said yet.')).toBeInTheDocument();
    expect(part('Popular moods').getByText('No moods picked yet.')).toBeInTheDocument();
    expect(part('Qualities').getByText('No qualities picked yet.')).toBeInTheDocument();
    expect(part('Content warnings').getByText('None flagged.')).toBeInTheDocument();
  });

  it('counts only real votes: rating-only reviews add no pace, focus or tone', async () => {
    setup([
      makeReview({ tone_q: null, pace_q: null, story_focus_q: null }),
      makeReview({ tone_q: null, pace_q: null, story_focus_q: null }),
      makeReview({ tone_q: 4, pace_q: 1, story_focus_q: null }),
    ]);
    expect(await screen.findByText('Based on 3 reviews')).toBeInTheDocument();
    expect(part('Tone').getByText('(average 4.0 of 5)')).toBeInTheDocument();
    expect(part('Pace').getByText('1 vote')).toBeInTheDocument();
    expect(part('Pace').getByRole('progressbar', { name: 'Slow 100%' })).toBeInTheDocument();
    expect(part('Pace').getByRole('progressbar', { name: 'Medium 0%' })).toBeInTheDocument();
    expect(part('Story focus').getByText('No one has said yet.')).toBeInTheDocument();
    expect(part('Story focus').queryByRole('progressbar')).toBeNull();
  });

  it('shows no tone when no review gave one', async () => {
    setup([makeReview({ tone_q: null, pace_q: null, story_focus_q: null })]);
    expect(await screen.findByText('Based on 1 review')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tone' })).toBeNull();
    expect(part('Pace').getByText('No one has said yet.')).toBeInTheDocument();
  });

  it('has an empty state without reviews', async () => {
    setup([]);
    expect(
      await screen.findByText('No reviews yet. Insights appear once readers review this book.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tone' })).toBeNull();
  });

  it('says when the reviews cannot be loaded', async () => {
    setup(new SfError({ status: 500, code: 'internal_error', error: 'boom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load review insights.');
  });
});

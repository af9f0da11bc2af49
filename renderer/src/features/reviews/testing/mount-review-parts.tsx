// Test support for the reviews components: they are mounted on their own, inside the real session
// provider, rather than through the work page route, so their tests do not depend on what else that
// page shows or asks the server for.
import type { ReactNode } from 'react';
import type { Review } from '@shared/api/reviews';
import type { Backend } from '../../../platform/backend';
import { SessionProvider } from '../../../session/session-provider';
import { TEST_USER } from '../../../testing/fake-backend';
import { renderInProviders } from '../../../testing/render-app';

export const WORK_ID = '0b6f9a57-8d0c-4a43-9c61-6b1b7c1f5e01';
export const EDITION_ID = '5a0c6f3d-2b8e-4f61-8a07-3f2d1c9e4b02';

let counter = 0;

/** A review as work-reviews answers it; by someone else unless `user_id` says otherwise. */
export function makeReview(patch: Partial<Review> = {}): Review {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `7c1d2e3f-4a5b-4c6d-8e7f-${n}`,
    user_id: `9e8d7c6b-5a4f-4e3d-9c2b-${n}`,
    username: `reader${counter}`,
    avatar_url: null,
    work_id: WORK_ID,
    edition_id: EDITION_ID,
    created_at: '2025-03-04T12:00:00.000Z',
    updated_at: '2025-03-04T12:00:00.000Z',
    rating: 4,
    headline: `Headline ${counter}`,
    review_body: `Body ${counter}`,
    spoiler: false,
    tone_q: 3,
    pace_q: 2,
    recommend_yes: null,
    story_focus_q: 3,
    moods: [],
    qualities: [],
    content_warnings: {},
    like_count: 0,
    comment_count: 0,
    ...patch,
  };
}

/** A review by the fake backend's signed-in reader (username 'ada'). */
export const ownReview = (patch: Partial<Review> = {}) =>
  makeReview({ user_id: TEST_USER.id, username: 'ada', ...patch });

export function renderReviews(ui: ReactNode, backend: Backend) {
  return renderInProviders(
    <SessionProvider reload={() => undefined}>{ui}</SessionProvider>,
    backend,
    `/work/${WORK_ID}`,
  );
}

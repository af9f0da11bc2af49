// SPEC.md §2: the signed-in reader's own review comes first. The server already answers in that order;
// keeping it here too means the list never depends on how a cached answer was fetched.
import type { Review } from '@shared/api/reviews';

export function ownReviewFirst(reviews: readonly Review[], userId: string | null): Review[] {
  const own = userId === null ? undefined : reviews.find((r) => r.user_id === userId);
  return own ? [own, ...reviews.filter((r) => r !== own)] : [...reviews];
}

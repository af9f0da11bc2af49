// Recommended (issue 28): the signed-in reader's recommendations, with reasons.
import { RecommendedPage } from '../features/discovery/recommended-page';

export default function Recommended() {
  return <RecommendedPage />;
}

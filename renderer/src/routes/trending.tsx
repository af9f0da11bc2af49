// Trending (issue 28): works ranked by recent public activity.
import { TrendingPage } from '../features/discovery/trending-page';

export default function Trending() {
  return <TrendingPage />;
}

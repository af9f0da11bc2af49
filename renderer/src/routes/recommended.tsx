// Recommended (issue 28): the signed-in reader's recommendations, with reasons; for a visitor, what is well
// rated and popular and an invitation to sign in (issue 28 replaces SPEC.md §2's redirect to /).
import { PageLoader } from '../components/page-loader';
import { PopularRecommendedPage } from '../features/discovery/popular-recommended-page';
import { RecommendedPage } from '../features/discovery/recommended-page';
import { useSession } from '../session/session-context';

export default function Recommended() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  return status === 'signed-in' ? <RecommendedPage /> : <PopularRecommendedPage />;
}

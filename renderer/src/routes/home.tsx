// '/': the dashboard when signed in and the profile is loaded, otherwise the landing (SPEC.md §2).
import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { usePageTitle } from '../hooks/use-page-title';
import { Landing } from '../features/landing/landing';
import { useSession } from '../session/session-context';

// Signed-out visitors never download the dashboard.
const Dashboard = lazy(() =>
  import('../features/dashboard/dashboard').then((m) => ({ default: m.Dashboard })),
);

export default function Home() {
  usePageTitle('Home');
  const { status, profileState } = useSession();
  const profilePending = profileState === 'loading' || profileState === 'missing';
  if (status === 'loading' || (status === 'signed-in' && profilePending)) return <PageLoader />;
  if (status === 'signed-in' && profileState === 'ready') {
    return (
      <Suspense fallback={<PageLoader />}>
        <Dashboard />
      </Suspense>
    );
  }
  return <Landing />;
}

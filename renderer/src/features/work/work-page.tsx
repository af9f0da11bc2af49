// The work page (SPEC.md §2 "Work page"): header and reading action, 'About this book', 'All Editions',
// 'Community Reviews' and 'Readers also enjoyed' (issue 28) in the main column; 'This Edition', 'Review
// Insights', 'Your Lists' and the admin tools in the sidebar.
import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useSfQuery } from '../../hooks/use-sf-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSession } from '../../session/session-context';
import { ReadersAlsoEnjoyed } from '../discovery/readers-also-enjoyed';
import { CommunityReviews } from '../reviews/community-reviews';
import { ReviewInsightsPanel } from '../reviews/review-insights';
import { AboutThisBook } from './about-this-book';
import { AdminTools } from './admin/admin-tools';
import { AllEditions } from './all-editions';
import { chooseEditionId } from './choose-edition';
import { editionView } from './edition-view';
import { ReadingActionBar } from './reading-action-bar';
import { ThisEdition } from './this-edition';
import { WorkHeader } from './work-header';
import { isWorkMissing, WorkLoadError, WorkNotFound, WorkPageSkeleton } from './work-page-states';
import classes from './work-page.module.css';
import { YourLists } from './your-lists';

export function WorkPage({ workId, pathEditionId }: { workId: string; pathEditionId: string | undefined }) {
  const [searchParams] = useSearchParams();
  const { status, isAdmin } = useSession();
  const workQuery = useSfQuery('work-details', { work_id: workId });
  const editionsQuery = useSfQuery('work-editions', { work_id: workId });
  const work = workQuery.data;
  const editions = editionsQuery.data?.editions;

  // Chosen once the work is known, so the primary edition wins over a list that happens to load first.
  const editionId = work
    ? chooseEditionId({
        pathEditionId,
        queryEditionId: searchParams.get('edition'),
        primaryEditionId: work.primary_edition_id,
        editions,
      })
    : null;
  const editionQuery = useSfQuery(
    'edition-details',
    { edition_id: editionId ?? '' },
    { enabled: editionId !== null },
  );
  const view = editionView(editionId, editionQuery, editionsQuery.isPending);
  const missing = workQuery.isError && isWorkMissing(workQuery.error);
  usePageTitle(work?.title ?? (missing ? 'Work not found' : null));

  if (!work) {
    if (missing) return <WorkNotFound />;
    if (workQuery.isError) return <WorkLoadError error={workQuery.error} />;
    return <WorkPageSkeleton />;
  }

  const signedIn = status === 'signed-in';
  const shownEdition =
    view.kind === 'ready' ? view.edition : (editions?.find((e) => e.id === editionId) ?? null);

  return (
    <Container size="xl" py="lg">
      <div className={classes.layout}>
        <div className={classes.column}>
          <WorkHeader work={work} coverUrl={shownEdition?.cover_url ?? null} />
          {signedIn && editionId && (
            <ReadingActionBar key={editionId} workId={work.id} editionId={editionId} />
          )}
          <AboutThisBook view={view} />
          <AllEditions workId={work.id} editions={editions} currentEditionId={editionId} />
          <CommunityReviews workId={work.id} editionId={editionId} />
          <ReadersAlsoEnjoyed work={work} />
        </div>
        <div className={classes.column}>
          <ThisEdition view={view} />
          <ReviewInsightsPanel workId={work.id} />
          {signedIn && editionId && <YourLists key={editionId} workId={work.id} editionId={editionId} />}
          {isAdmin && !editionsQuery.isPending && (
            <AdminTools work={work} editions={editions ?? []} edition={shownEdition} />
          )}
        </div>
      </div>
    </Container>
  );
}

// /work/{work_id} and /work/{work_id}/{edition_id} (SPEC.md §2); the edition may also come as ?edition=.
import { useParams } from 'react-router-dom';
import { WorkPage } from '../features/work/work-page';

export default function Work() {
  const { workId = '', editionId } = useParams();
  // A new work (a link, or the target of a merge) starts the page afresh.
  return <WorkPage key={workId} workId={workId} pathEditionId={editionId} />;
}

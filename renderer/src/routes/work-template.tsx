// /worktemplate: the static sample work page (SPEC.md §2).
import { WorkTemplatePage } from '../features/work-template/work-template-page';

export default function WorkTemplate() {
  return <WorkTemplatePage />;
}

// New Releases (issue 28): works by first publication date.
import { NewReleasesPage } from '../features/discovery/new-releases-page';

export default function NewReleases() {
  return <NewReleasesPage />;
}

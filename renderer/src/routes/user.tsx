// /user/{username}: a reader's public profile (SPEC.md §2).
import { useParams } from 'react-router-dom';
import { PublicProfilePage } from '../features/public-profile/public-profile-page';

export default function PublicProfile() {
  const { username = '' } = useParams();
  return <PublicProfilePage key={username} username={username} />;
}

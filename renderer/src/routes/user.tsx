// Placeholder until the public profile issue builds this page; replace this file.
import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../components/coming-soon-page';

export default function PublicProfile() {
  const { username = '' } = useParams();
  return <ComingSoonPage title={username} />;
}

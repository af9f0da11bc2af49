// /notifications: the reader's notifications (issue 27).
import { NotificationsPage } from '../features/notifications/notifications-page';

export default function Notifications() {
  return <NotificationsPage />;
}

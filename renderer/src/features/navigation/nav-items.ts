// The navigation bar's destinations (SPEC.md §2 "Navigation bar"), shared by the desktop bar and the
// mobile menu so the two always mirror each other.
import { userPath } from '../../paths';

export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_ITEMS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'My Books', to: '/my-books' },
  { label: 'Reading Logs', to: '/logs' },
  { label: 'Stats', to: '/stats' },
];

export const BROWSE_ITEMS: NavItem[] = [
  { label: 'Recommended', to: '/recommended' },
  { label: 'Trending', to: '/trending' },
  { label: 'New Releases', to: '/new-releases' },
];

export const ADMIN_ITEM: NavItem = { label: 'Admin', to: '/admin/reset-genre' };

/** The user menu's entries, given who is signed in. */
export function accountItems(username: string | null, isAdmin: boolean): NavItem[] {
  return [
    ...(username ? [{ label: 'Your profile', to: userPath(username) }] : []),
    { label: 'Settings', to: '/settings' },
    ...(isAdmin ? [ADMIN_ITEM] : []),
  ];
}

// The route table of SPEC.md §2. Every page is its own file in this folder and its own chunk (React.lazy),
// so a visitor downloads only the screens they open, and an issue that builds a page replaces one file.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import {
  ADMIN_REPORTS_PATH,
  ADMIN_RESET_GENRE_PATH,
  ADMIN_UNVERIFIED_WORKS_PATH,
  IMPORT_PATH,
} from '../paths';
import type { RouteRule } from './access';

export interface AppRoute {
  path: string;
  rule: RouteRule;
  page: LazyExoticComponent<ComponentType>;
}

const anyone: RouteRule = { only: 'anyone' };
const signedOutOnly: RouteRule = { only: 'signed-out', otherwise: '/settings' };
const signedInElseHome: RouteRule = { only: 'signed-in', otherwise: '/' };
const signedInElseLogin: RouteRule = { only: 'signed-in', otherwise: '/login' };
const adminOnly: RouteRule = { only: 'admin', otherwise: '/' };

const BuiltInShelf = lazy(() => import('./built-in-shelf'));
const Work = lazy(() => import('./work'));
const NotFound = lazy(() => import('./not-found'));

export const appRoutes: AppRoute[] = [
  { path: '/', rule: anyone, page: lazy(() => import('./home')) },
  { path: '/signup', rule: signedOutOnly, page: lazy(() => import('./signup')) },
  { path: '/login', rule: signedOutOnly, page: lazy(() => import('./login')) },
  { path: '/reset-password', rule: anyone, page: lazy(() => import('./reset-password')) },
  { path: '/confirm-signup', rule: anyone, page: lazy(() => import('./confirm-signup')) },
  { path: '/confirm-reset', rule: anyone, page: lazy(() => import('./confirm-reset')) },
  { path: '/change-email', rule: anyone, page: lazy(() => import('./change-email')) },
  { path: '/confirm-sign-in', rule: anyone, page: lazy(() => import('./confirm-sign-in')) },
  { path: '/settings', rule: signedInElseLogin, page: lazy(() => import('./settings')) },
  { path: IMPORT_PATH, rule: signedInElseLogin, page: lazy(() => import('./import')) },
  { path: '/my-books', rule: signedInElseHome, page: lazy(() => import('./my-books')) },
  { path: '/logs', rule: signedInElseHome, page: lazy(() => import('./logs')) },
  { path: '/stats', rule: signedInElseHome, page: lazy(() => import('./stats')) },
  { path: '/activity', rule: signedInElseHome, page: lazy(() => import('./activity')) },
  { path: '/notifications', rule: signedInElseHome, page: lazy(() => import('./notifications')) },
  // Issue 28: signed out, Recommended shows what is well rated and popular instead of redirecting to /.
  { path: '/recommended', rule: anyone, page: lazy(() => import('./recommended')) },
  { path: '/trending', rule: signedInElseHome, page: lazy(() => import('./trending')) },
  { path: '/new-releases', rule: signedInElseHome, page: lazy(() => import('./new-releases')) },
  // Each built-in shelf's path is its slug (/currently-reading, /read, ...).
  ...BUILTIN_SHELVES.map(({ slug }) => ({
    path: `/${slug}`,
    rule: signedInElseHome,
    page: BuiltInShelf,
  })),
  { path: '/shelf/:shelfId', rule: anyone, page: lazy(() => import('./shelf')) },
  { path: '/author/:authorId', rule: anyone, page: lazy(() => import('./author')) },
  { path: '/work/:workId', rule: anyone, page: Work },
  { path: '/work/:workId/:editionId', rule: anyone, page: Work },
  { path: '/search/:searchText', rule: anyone, page: lazy(() => import('./search')) },
  { path: '/user/:username', rule: anyone, page: lazy(() => import('./user')) },
  { path: ADMIN_RESET_GENRE_PATH, rule: adminOnly, page: lazy(() => import('./admin-reset-genre')) },
  {
    path: ADMIN_UNVERIFIED_WORKS_PATH,
    rule: adminOnly,
    page: lazy(() => import('./admin-unverified-works')),
  },
  { path: ADMIN_REPORTS_PATH, rule: adminOnly, page: lazy(() => import('./admin-reports')) },
  { path: '/hometemplate', rule: anyone, page: lazy(() => import('./home-template')) },
  { path: '/worktemplate', rule: anyone, page: lazy(() => import('./work-template')) },
  { path: '/terms', rule: anyone, page: lazy(() => import('./terms')) },
  { path: '/privacy', rule: anyone, page: lazy(() => import('./privacy')) },
  { path: '/404', rule: anyone, page: NotFound },
  { path: '*', rule: anyone, page: NotFound },
];

// A reader with something on every screen (issue 17): a book in progress with a journal, a finished-looking
// review, a yearly goal and a custom shelf, made through the API. The accessibility spec and
// `npm run screenshots` both look at every route with it, so no screen is judged only in its empty state.
import type { APIRequestContext } from '@playwright/test';
import type { Reader } from './accounts';
import { findWork, publicSf, signInApi } from './api';

export interface ReaderScene {
  reader: Reader;
  workId: string;
  editionId: string;
  authorId: string;
  shelfId: string;
}

export const SCENE_SHELF = 'Evening Reads';

/** Sets the scene once per reader: a second call finds the shelf and changes nothing. */
export async function setUpReaderScene(request: APIRequestContext, reader: Reader): Promise<ReaderScene> {
  const api = await signInApi(request, reader);
  const book = await findWork(request, 'Middlemarch');
  const details = await publicSf(request, 'work-details', { work_id: book.workId });
  const authorId = details.work_authors[0]!.authors.id;
  const existing = (await api.sf('list-shelves', {})).find((s) => s.name === SCENE_SHELF);
  const scene = { reader, workId: book.workId, editionId: book.primaryEditionId!, authorId };
  if (existing) return { ...scene, shelfId: existing.id };

  const { id: shelfId } = await api.sf('create-shelf', { name: SCENE_SHELF });
  await api.sf('add-to-shelf', { shelf_id: shelfId, edition_id: scene.editionId, work_id: book.workId });
  const second = await findWork(request, 'Frankenstein Mary Shelley');
  await api.sf('add-to-shelf', {
    shelf_id: shelfId,
    edition_id: second.primaryEditionId!,
    work_id: second.workId,
  });
  const event = { work_id: book.workId, edition_id: scene.editionId };
  await api.sf('log-progress-event', { ...event, event_type: 'start', start_page: 1, end_page: 1 });
  await api.sf('log-progress-event', {
    ...event,
    event_type: 'progress',
    start_page: 1,
    end_page: 120,
    journal_md: '<p>Dorothea has just met Casaubon, and already I fear for her.</p>',
  });
  await api.sf('submit-review', {
    work_id: book.workId,
    edition_id: scene.editionId,
    rating: 4,
    headline: 'Patient and humane',
    review_body: 'A whole town seen one life at a time, and every life given its due.',
  });
  await api.sf('set-reading-goal', {
    goal_year: new Date().getFullYear(),
    goal_type: 'books',
    target_qty: 12,
  });
  return { ...scene, shelfId };
}

export interface SceneRoute {
  path: string;
  /** A file-name-safe name for the screen. */
  name: string;
}

const route = (path: string, name: string): SceneRoute => ({ path, name });

/** The routes of SPEC.md §2 anyone can open, with ids from the scene. */
function sharedRoutes(scene: ReaderScene): SceneRoute[] {
  return [
    route(`/work/${scene.workId}`, 'work'),
    route(`/author/${scene.authorId}`, 'author'),
    route('/search/middlemarch', 'search'),
    route(`/user/${scene.reader.username}`, 'user'),
    route(`/shelf/${scene.shelfId}`, 'shelf'),
    route('/hometemplate', 'hometemplate'),
    route('/worktemplate', 'worktemplate'),
    route('/terms', 'terms'),
    route('/privacy', 'privacy'),
    route('/404', 'not-found'),
  ];
}

const confirmationUrl = encodeURIComponent('http://localhost/auth/v1/verify?token=x&type=signup');

/** Every route a signed-out visitor sees (the signed-in-only ones redirect to these). */
export function signedOutRoutes(scene: ReaderScene): SceneRoute[] {
  return [
    route('/', 'landing'),
    route('/recommended', 'recommended'),
    route('/signup', 'signup'),
    route('/login', 'login'),
    route('/reset-password', 'reset-password'),
    route('/confirm-signup', 'confirm-signup'),
    route(`/confirm-signup?confirmation_url=${confirmationUrl}`, 'confirm-signup-link'),
    route('/confirm-reset', 'confirm-reset'),
    route('/change-email', 'change-email'),
    ...sharedRoutes(scene),
  ];
}

/** Every route the scene's reader (an admin) sees signed in. */
export function signedInRoutes(scene: ReaderScene): SceneRoute[] {
  return [
    route('/', 'dashboard'),
    route('/settings', 'settings'),
    route('/my-books', 'my-books'),
    route('/logs', 'logs'),
    route('/stats', 'stats'),
    route('/activity', 'activity'),
    route('/notifications', 'notifications'),
    route('/import', 'import'),
    route('/recommended', 'recommended'),
    route('/trending', 'trending'),
    route('/new-releases', 'new-releases'),
    route('/currently-reading', 'currently-reading'),
    route('/read', 'read'),
    route('/to-be-read', 'to-be-read'),
    route('/favorites', 'favorites'),
    route('/owned', 'owned'),
    route('/admin/reset-genre', 'admin-reset-genre'),
    ...sharedRoutes(scene),
  ];
}

// The world the hostile suites run in: the in-process app on a fresh database with the sample catalogue,
// an owner with a shelf, shelf items, reading logs and a review, another reader, and an admin. Valid
// bodies for every /sf/ endpoint are built from it, so the authorization matrix reaches the handlers.
import { randomUUID } from 'node:crypto';
import type { EndpointName } from '@shared/api/endpoints';
import { totpCode } from '../../server/auth/mfa/totp';
import { importJob } from '../../server/features/imports/import-job';
import { IMPORT_JOB } from '../../server/features/imports/import-job-kind';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { startOpenLibraryFixture } from '../support/openlibrary-fixture';
import { createTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';

export interface Fixture {
  t: TestApp;
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  /** A reader anyone may follow, and one to block: social calls name them, never a caller. */
  target: TestUser;
  blockable: TestUser;
  workId: string;
  editionId: string;
  /** A second work with its own edition and author (merge targets). */
  otherWorkId: string;
  otherEditionId: string;
  authorId: string;
  otherAuthorId: string;
  /** The owner's custom shelf. */
  shelfId: string;
  /** Uuids of real rows, for generated bodies that should sometimes hit something. */
  knownIds: string[];
}

const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`fixture: ${what} missing`);
  return value;
};

export async function createFixture(): Promise<Fixture> {
  // Open Library's stand-in, so the calls that reach it get its answers; its rate limit is lifted, since
  // hundreds of generated bodies in a row are a test of ours, not a burden on Open Library.
  const openLibrary = await startOpenLibraryFixture();
  // No job worker: a job queued by one request must not run while the next one's writes are counted.
  const t = await createTestApp({
    seed: sampleCatalogue,
    jobs: false,
    openLibraryUrl: openLibrary.url,
    openLibraryGate: { ratePerSecond: 10_000, burst: 10_000 },
  });
  const closeApp = t.close.bind(t);
  t.close = async () => {
    await closeApp();
    await openLibrary.close();
  };
  const db = t.deps.db;
  const [owner, other, admin] = [
    // aal2 with a verified factor: the owner also owns recovery codes (regenerate-recovery-codes).
    await createTestUser(t, { firstName: 'Owner', aal: 'aal2' }),
    await createTestUser(t, { firstName: 'Other' }),
    await createTestUser(t, { admin: true, firstName: 'Admin' }),
  ];
  const [target, blockable] = [await createTestUser(t), await createTestUser(t)];
  const editions = await db.query<{ id: string; work_id: string }>(
    'select id, work_id from public.editions order by isbn',
  );
  const first = must(editions[0], 'edition');
  const second = must(
    editions.find((e) => e.work_id !== first.work_id),
    'edition of another work',
  );
  const authors = await db.query<{ id: string }>('select id from public.authors order by name');
  const shelfId: string = (await t.sf('create-shelf', { name: 'Owned by owner' }, owner.token)).body.id;
  const fx: Fixture = {
    t,
    owner,
    other,
    admin,
    target,
    blockable,
    workId: first.work_id,
    editionId: first.id,
    otherWorkId: second.work_id,
    otherEditionId: second.id,
    authorId: must(authors[0], 'author').id,
    otherAuthorId: must(authors[1], 'second author').id,
    shelfId,
    knownIds: [],
  };
  await addItem(fx, fx.editionId);
  await addItem(fx, fx.otherEditionId);
  await t.sf(
    'log-progress-event',
    { work_id: fx.workId, edition_id: fx.editionId, event_type: 'start' },
    owner.token,
  );
  await newLog(fx);
  await t.sf('submit-review', { work_id: fx.workId, rating: 4, headline: 'Fine' }, owner.token);
  fx.knownIds = [
    owner.id,
    other.id,
    target.id,
    fx.workId,
    fx.editionId,
    fx.otherWorkId,
    fx.otherEditionId,
    fx.authorId,
    fx.shelfId,
    ...(await db.query<{ id: string }>('select id from public.reading_progress_events')).map((r) => r.id),
    ...(await db.query<{ id: string }>('select id from public.reviews')).map((r) => r.id),
  ];
  return fx;
}

export async function addItem(fx: Fixture, editionId: string): Promise<void> {
  const res = await fx.t.sf('add-to-shelf', { shelf_id: fx.shelfId, edition_id: editionId }, fx.owner.token);
  if (res.status !== 200) throw new Error(`fixture: add-to-shelf ${res.status}`);
}

/** The owner's shelf items' keys, in order. */
export async function itemKeys(fx: Fixture): Promise<string[]> {
  const rows = await fx.t.deps.db.query<{ sort_key: string }>(
    'select sort_key from public.shelf_items where shelf_id = $1 order by sort_key collate "C"',
    [fx.shelfId],
  );
  return rows.map((r) => r.sort_key);
}

/**
 * A new progress event of the owner's (a reading log); answers its id. Earlier calls may have finished or
 * abandoned the edition, so a 'start' goes first when 'progress' is not allowed from where it stands.
 */
export async function newLog(fx: Fixture): Promise<string> {
  const log = (event_type: string) =>
    fx.t.sf(
      'log-progress-event',
      { work_id: fx.workId, edition_id: fx.editionId, event_type, end_page: 10, journal_md: 'Day one' },
      fx.owner.token,
    );
  let res = await log('progress');
  if (res.status === 409) {
    const allowed = (res.body.details as { allowed?: string[] } | undefined)?.allowed ?? [];
    res = await log(allowed.includes('resume') ? 'resume' : 'start');
  }
  if (res.status !== 200) {
    throw new Error(`fixture: log-progress-event ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.event.id as string;
}

/** The owner's review id, submitting one first when an earlier call deleted it. */
export async function reviewId(fx: Fixture): Promise<string> {
  const rows = await fx.t.deps.db.query<{ id: string }>(
    'select id from public.reviews where user_id = $1 and work_id = $2',
    [fx.owner.id, fx.workId],
  );
  if (rows[0]) return rows[0].id;
  const res = await fx.t.sf(
    'submit-review',
    { work_id: fx.workId, rating: 4, headline: 'Fine' },
    fx.owner.token,
  );
  return res.body.review_id as string;
}

/** A throw-away work or author, for a merge to consume. */
const spare = async (fx: Fixture, table: 'works' | 'authors', column: 'title' | 'name'): Promise<string> => {
  const [row] = await fx.t.deps.db.query<{ id: string }>(
    `insert into public.${table} (${column}) values ($1) returning id`,
    [`Spare ${randomUUID().slice(0, 8)}`],
  );
  return must(row, `spare ${table}`).id;
};

/** A throw-away work the owner made (unverified), for an admin's verdict to consume. */
const spareUnverified = async (fx: Fixture): Promise<string> => {
  const [row] = await fx.t.deps.db.query<{ id: string }>(
    `insert into public.works (title, provenance, created_by) values ($1, 'reader', $2) returning id`,
    [`Unverified ${randomUUID().slice(0, 8)}`, fx.owner.id],
  );
  return must(row, 'spare unverified work').id;
};

const cursorOf = async (fx: Fixture, name: 'list-reading-logs' | 'reading-events'): Promise<string> => {
  await newLog(fx);
  await newLog(fx);
  const res = await fx.t.sf(name, { limit: 1 }, fx.owner.token);
  return must(res.body.next_cursor as string | undefined, `${name} cursor`);
};

const HOSTILE_GOODREADS_CSV =
  'Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf,Bookshelves\n1,Pride and Prejudice,Jane Austen,"=""""","=""9780141439518""",4,read,\n';

/**
 * Runs an import the way the worker would (the worker is off here, so a request's job never runs behind
 * the counts): the import ends done and its queued job is dropped.
 */
const runImport = async (fx: Fixture, id: string): Promise<void> => {
  await importJob(fx.t.deps)({
    id: '0',
    kind: IMPORT_JOB,
    payload: { import_id: id },
    attempts: 1,
    maxAttempts: 1,
  });
  await fx.t.deps.db.query(`delete from jobs.queue where kind = $1 and payload->>'import_id' = $2`, [
    IMPORT_JOB,
    id,
  ]);
};

/** The owner's latest finished import that is not undone; queued ones are run first, and one made if none. */
const importId = async (fx: Fixture): Promise<string> => {
  const db = fx.t.deps.db;
  for (const q of await db.query<{ id: string }>(
    `select id from public.imports where user_id = $1 and state in ('queued', 'running')`,
    [fx.owner.id],
  )) {
    await runImport(fx, q.id);
  }
  const [row] = await db.query<{ id: string }>(
    `select id from public.imports where user_id = $1 and state = 'done' and undone_at is null
     order by created_at desc limit 1`,
    [fx.owner.id],
  );
  if (row) return row.id;
  const res = await fx.t.sf(
    'import-library',
    { format: 'goodreads', file_name: 'goodreads.csv', content: HOSTILE_GOODREADS_CSV },
    fx.owner.token,
  );
  const id = must(res.body.import_id as string | undefined, 'import');
  await runImport(fx, id);
  return id;
};

/**
 * A valid body for every endpoint, built fresh per call (a delete needs something to delete). Owner-only
 * resources are the owner's: another reader calling with the same body must be refused.
 */
export const validBodies: {
  [N in EndpointName]: (fx: Fixture) => Promise<unknown>;
} = {
  'work-details': async (fx) => ({ work_id: fx.workId }),
  'work-genres': async (fx) => ({ work_id: fx.workId }),
  'work-editions': async (fx) => ({ work_id: fx.workId }),
  'edition-details': async (fx) => ({ edition_id: fx.editionId }),
  'edition-metadata': async (fx) => ({ edition_id: fx.editionId }),
  'edition-cover': async (fx) => ({ edition_id: fx.editionId }),
  'author-details': async (fx) => ({ author_id: fx.authorId }),
  'search-works': async () => ({ query: 'pride' }),
  'search-authors': async () => ({ query: 'austen' }),
  'check-isbn': async () => ({ query: '9780141439518' }),
  'register-user': async () => {
    const tag = `new${randomUUID().slice(0, 8)}`;
    return { first_name: 'New', username: tag, email: `${tag}@example.test`, password: 'Str0ng!pass' };
  },
  'register-oauth-user': async () => ({ first_name: 'Owner' }),
  'delete-user': async () => ({}),
  'list-shelves': async () => ({}),
  'get-shelf-items': async (fx) => ({ shelf_id: fx.shelfId }),
  'create-shelf': async () => ({ name: `Shelf ${randomUUID().slice(0, 8)}` }),
  'add-to-shelf': async (fx) => ({ shelf_id: fx.shelfId, edition_id: fx.otherEditionId }),
  'remove-from-shelf': async (fx) => ({ shelf_id: fx.shelfId, edition_id: fx.otherEditionId }),
  'remove-shelf-item': async (fx) => {
    await addItem(fx, fx.otherEditionId);
    const keys = await itemKeys(fx);
    return { shelf_id: fx.shelfId, sort_key: must(keys[keys.length - 1], 'shelf item') };
  },
  'reorder-shelf-item': async (fx) => {
    await addItem(fx, fx.otherEditionId);
    const keys = await itemKeys(fx);
    return {
      shelf_id: fx.shelfId,
      sort_key: must(keys[keys.length - 1], 'shelf item'),
      above: null,
      below: keys[0],
    };
  },
  'edition-shelves': async (fx) => ({ edition_id: fx.editionId }),
  'shelf-counts': async () => ({}),
  'public-shelf': async (fx) => ({ shelf_id: fx.shelfId }),
  // A start on an edition no caller has logged yet: allowed from where every caller stands.
  'log-progress-event': async (fx) => ({
    work_id: fx.otherWorkId,
    edition_id: fx.otherEditionId,
    event_type: 'start',
  }),
  'list-reading-logs': async (fx) => ({ limit: 5, after: await cursorOf(fx, 'list-reading-logs') }),
  'update-reading-log': async (fx) => ({ id: await newLog(fx), journal_md: 'Changed' }),
  'delete-reading-log': async (fx) => ({ log_id: await newLog(fx) }),
  'reading-events': async (fx) => ({ limit: 5, after: await cursorOf(fx, 'reading-events') }),
  'currently-reading': async () => ({}),
  'reading-stats': async () => ({ timezone: 'Europe/Berlin' }),
  'reading-streak': async () => ({ timezone: 'Europe/Berlin' }),
  'reading-insights': async () => ({ period: 'all', timezone: 'Europe/Berlin' }),
  'work-reviews': async (fx) => ({ work_id: fx.workId }),
  'submit-review': async (fx) => ({
    work_id: fx.workId,
    rating: 5,
    headline: 'Again',
    review_body: 'Line\n\tTwo',
  }),
  'delete-review': async (fx) => ({ review_id: await reviewId(fx) }),
  'reading-goals': async () => ({ timezone: 'Europe/Berlin' }),
  'set-reading-goal': async () => ({
    goal_year: new Date().getUTCFullYear(),
    goal_type: 'books',
    target_qty: 12,
  }),
  'get-profile': async () => ({}),
  'update-profile': async () => ({ first_name: 'Owner', last_name: 'Changed' }),
  'public-profile': async (fx) => ({ username: fx.owner.username }),
  'set-work-date': async (fx) => ({
    work_id: fx.workId,
    lock: false,
    date: '1813-01-28',
    date_string: '1813',
  }),
  'set-primary-edition': async (fx) => ({ work_id: fx.workId, edition_id: fx.editionId, lock: false }),
  'set-edition-authors': async (fx) => ({ edition_id: fx.editionId, author_ids: [fx.authorId] }),
  'merge-work': async (fx) => ({ from_work_id: await spare(fx, 'works', 'title'), into_work_id: fx.workId }),
  'merge-author': async (fx) => ({
    from_author_id: await spare(fx, 'authors', 'name'),
    into_author_id: fx.authorId,
  }),
  'reset-work-genre': async (fx) => ({ work_id: fx.workId }),
  'admin-search-works': async () => ({ query: 'pride' }),
  'unverified-works': async () => ({}),
  'approve-work': async (fx) => ({ work_id: await spareUnverified(fx) }),
  'remove-work': async (fx) => ({ work_id: await spareUnverified(fx) }),
  'import-library': async () => ({
    format: 'auto',
    file_name: 'goodreads.csv',
    content: HOSTILE_GOODREADS_CSV,
  }),
  'import-status': async (fx) => ({ import_id: await importId(fx) }),
  'list-imports': async () => ({}),
  'undo-import': async (fx) => ({ import_id: await importId(fx) }),
  'retry-import-rows': async (fx) => ({ import_id: await importId(fx) }),
  'export-library': async () => ({ format: 'shelfwise' }),
  'search-openlibrary': async () => ({ query: 'time war' }),
  'author-openlibrary-works': async (fx) => ({ author_id: fx.authorId }),
  'import-openlibrary-work': async () => ({ ol_key: '/works/OL9000007W' }),
  'works-shelf-status': async (fx) => ({ work_ids: [fx.workId, fx.otherWorkId] }),
  'follow-reader': async (fx) => ({ user_id: fx.target.id }),
  'unfollow-reader': async (fx) => ({ user_id: fx.target.id }),
  'reader-relationship': async (fx) => ({ user_id: fx.target.id }),
  'follow-requests': async () => ({}),
  'answer-follow-request': async (fx) => ({ user_id: await followRequester(fx), approve: true }),
  'social-settings': async () => ({}),
  'update-social-settings': async () => ({ follow_policy: 'anyone' }),
  'reader-followers': async (fx) => ({ username: fx.target.username }),
  'reader-following': async (fx) => ({ username: fx.target.username }),
  'follower-profile': async (fx) => ({ username: fx.target.username }),
  'reader-suggestions': async () => ({}),
  'friends-activity': async () => ({}),
  'block-reader': async (fx) => ({ user_id: fx.blockable.id }),
  'unblock-reader': async (fx) => ({ user_id: fx.blockable.id }),
  'mute-reader': async (fx) => ({ user_id: fx.target.id }),
  'unmute-reader': async (fx) => ({ user_id: fx.target.id }),
  'discovery-genres': async () => ({}),
  'trending-works': async () => ({ period: 'month' }),
  'new-releases': async () => ({}),
  'recommended-works': async () => ({}),
  'popular-works': async () => ({}),
  'mark-not-interested': async (fx) => ({ work_id: fx.workId }),
  'undo-not-interested': async (fx) => ({ work_id: fx.workId }),
  'taste-choice': async () => ({}),
  'choose-taste': async () => ({ genre_ids: [], moods: [9, 8] }),
  'readers-also-enjoyed': async (fx) => ({ work_id: fx.workId }),
  'notification-count': async () => ({}),
  notifications: async () => ({}),
  'mark-notification-read': async (fx) => ({ notification_id: await ownerNotification(fx) }),
  'mark-all-notifications-read': async () => ({}),
  'notification-settings': async () => ({}),
  'update-notification-settings': async () => ({
    kinds: {
      follower: true,
      follow_request: true,
      request_approved: true,
      like: true,
      comment: true,
      reply: true,
    },
  }),
  'blocked-readers': async () => ({}),
  'muted-readers': async () => ({}),
  'recovery-codes-status': async () => ({}),
  'regenerate-recovery-codes': async (fx) => {
    const [factor] = await fx.t.deps.db.query<{ id: string; secret_sealed: string }>(
      `select id, secret_sealed from auth.mfa_factors where user_id = $1 and status = 'verified'`,
      [fx.owner.id],
    );
    const { id, secret_sealed } = must(factor, 'owner factor');
    const secret = fx.t.deps.keys.mfaSecrets.open(secret_sealed, id) ?? undefined;
    return { factor_id: id, code: totpCode(must(secret, 'owner TOTP secret')) };
  },
  like: async (fx) => ({ review_id: await reviewId(fx) }),
  unlike: async (fx) => ({ review_id: await reviewId(fx) }),
  'like-states': async (fx) => ({ review_ids: [await reviewId(fx)] }),
  likers: async (fx) => ({ review_id: await reviewId(fx) }),
  'review-comments': async (fx) => ({ review_id: await reviewId(fx) }),
  'add-comment': async (fx) => ({ review_id: await reviewId(fx), body: 'See https://example.com.' }),
  'edit-comment': async (fx) => ({ comment_id: await ownerComment(fx), body: 'Changed' }),
  'delete-comment': async (fx) => ({ comment_id: await ownerComment(fx) }),
  report: async (fx) => ({ review_id: await reviewId(fx), reason: 'spam' }),
  'report-queue': async () => ({}),
  'resolve-report': async (fx) => ({ report_id: await openReport(fx), action: 'dismiss' }),
  'admin-remove-comment': async (fx) => ({ comment_id: await ownerComment(fx) }),
};

/** A notification of the owner's: a new reader follows them (the follows trigger writes it). */
async function ownerNotification(fx: Fixture): Promise<string> {
  const db = fx.t.deps.db;
  const reader = await createTestUser(fx.t);
  await db.query(
    `insert into public.follows (follower_id, followee_id, state, accepted_at) values ($1, $2, 'accepted', now())`,
    [reader.id, fx.owner.id],
  );
  const [row] = await db.query<{ id: string }>(
    `select id from public.notifications where recipient_id = $1 and subject_id = $2`,
    [fx.owner.id, reader.id],
  );
  if (!row) throw new Error('the follow wrote no notification');
  return row.id;
}

/** A new reader with a request waiting on the owner (who approves followers for it). */
async function followRequester(fx: Fixture): Promise<string> {
  const db = fx.t.deps.db;
  await db.query(`update public.profiles set follow_policy = 'approve' where id = $1`, [fx.owner.id]);
  const reader = await createTestUser(fx.t);
  await db.query(
    `insert into public.follows (follower_id, followee_id, state) values ($1, $2, 'requested')`,
    [reader.id, fx.owner.id],
  );
  return reader.id;
}

/** A new comment of the owner's on their own review (rows written directly: no per-minute limit here). */
async function ownerComment(fx: Fixture): Promise<string> {
  const rows = await fx.t.deps.db.query<{ id: string }>(
    `insert into public.review_comments (review_id, user_id, body) values ($1, $2, 'Mine') returning id`,
    [await reviewId(fx), fx.owner.id],
  );
  return must(rows[0], 'comment').id;
}

/** A new open report of the owner's review by a new reader. */
async function openReport(fx: Fixture): Promise<string> {
  const reader = await createTestUser(fx.t);
  const rows = await fx.t.deps.db.query<{ id: string }>(
    `insert into public.reports (reporter_id, review_id, reason) values ($1, $2, 'spam') returning id`,
    [reader.id, await reviewId(fx)],
  );
  return must(rows[0], 'report').id;
}

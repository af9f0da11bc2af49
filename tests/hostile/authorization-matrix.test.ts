// Who may call what, generated from the endpoint table (shared/api/endpoints.ts): every endpoint with a
// valid body, called anonymously (no token, and the anon key), by the owner of what the body names, by
// another reader and by an admin (issue 13 §10).
// - 'public' endpoints answer everyone.
// - 'user' endpoints refuse anonymous callers with 401; a resource of one reader (a shelf, a reading log,
//   a review) answers anyone else 404, as if it did not exist, and is left exactly as it was.
// - 'admin' endpoints refuse anonymous callers with 401 and readers with 403, and an admin whose session has
//   not passed a second factor with 403 (issue 31).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';
import { createFixture, validBodies } from './fixture';
import type { Fixture } from './fixture';
import { endpointNames } from './json-schema';
import { rowCounts } from './row-counts';

/**
 * Endpoints whose valid body names one reader's own shelf, reading log, review, import, follow request or
 * notification.
 */
const OWNER_ONLY: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'get-shelf-items',
  'add-to-shelf',
  'remove-from-shelf',
  'remove-shelf-item',
  'reorder-shelf-item',
  'update-reading-log',
  'delete-reading-log',
  'delete-review',
  'import-status',
  'undo-import',
  'retry-import-rows',
  'answer-follow-request',
  'mark-notification-read',
  'edit-comment',
  'delete-comment',
  'regenerate-recovery-codes',
]);

let fx: Fixture;
beforeAll(async () => {
  fx = await createFixture();
});
afterAll(() => fx.t.close());

/** Everything of the owner's a refused call must leave as it was, changes in place included. */
const ownerState = async () =>
  fx.t.deps.db.query(
    `select
       (select json_agg(json_build_object('shelf', s.id, 'key', si.sort_key, 'edition', si.edition_id)
                        order by s.id, si.sort_key collate "C")
        from public.shelves s left join public.shelf_items si on si.shelf_id = s.id where s.user_id = $1) as shelves,
       (select json_agg(json_build_object('id', e.id, 'journal', e.journal_md, 'end_page', e.end_page,
                                          'end_percent', e.end_percent) order by e.id)
        from public.reading_progress_events e where e.user_id = $1) as logs,
       (select json_agg(json_build_object('id', r.id, 'headline', r.headline, 'rating', r.rating) order by r.id)
        from public.reviews r where r.user_id = $1) as reviews`,
    [fx.owner.id],
  );

interface Callers {
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
}

/** delete-user deletes whoever calls it, so it gets callers of its own. */
const callersFor = async (name: EndpointName): Promise<Callers> =>
  name === 'delete-user'
    ? {
        owner: await createTestUser(fx.t),
        other: await createTestUser(fx.t),
        admin: await createTestUser(fx.t, { admin: true }),
      }
    : { owner: fx.owner, other: fx.other, admin: fx.admin };

/** An admin signed in with the password alone (no second factor): refused every admin call (issue 31). */
let aal1Admin: TestUser | undefined;
const adminOnPasswordAlone = async () =>
  (aal1Admin ??= await createTestUser(fx.t, { admin: true, aal: 'aal1' }));

describe('authorization matrix', () => {
  it('has a valid body for every endpoint in the table', () => {
    for (const name of endpointNames) expect(validBodies[name], name).toBeTypeOf('function');
    for (const name of OWNER_ONLY) expect(endpoints[name].access, name).toBe('user');
  });

  it.each(endpointNames.map((name) => [name, endpoints[name].access] as const))(
    '%s (%s): anonymous, owner, another reader and admin',
    async (name, access) => {
      const callers = await callersFor(name);
      const call = async (token: string | undefined) => fx.t.sf(name, await validBodies[name](fx), token);
      const refused = async (label: string, token: string | undefined, statuses: number[]) => {
        const body = await validBodies[name](fx);
        const [counts, state] = [await rowCounts(fx.t.deps.db), await ownerState()];
        const res = await fx.t.sf(name, body, token);
        expect(statuses, `${name} as ${label}: ${res.status} ${JSON.stringify(res.body)}`).toContain(
          res.status,
        );
        expect(await rowCounts(fx.t.deps.db), `${name} as ${label} wrote`).toEqual(counts);
        expect(await ownerState(), `${name} as ${label} changed the owner's data`).toEqual(state);
      };
      const allowed = async (label: string, token: string | undefined) => {
        const res = await call(token);
        expect(res.status, `${name} as ${label}: ${JSON.stringify(res.body)}`).toBe(200);
      };

      if (access === 'public') {
        await allowed('anonymous', undefined);
        await allowed('anon key', fx.t.deps.keys.anonKey);
        await allowed('another reader', callers.other.token);
        await allowed('admin', callers.admin.token);
        await allowed('owner', callers.owner.token);
        return;
      }
      await refused('anonymous', undefined, [401]);
      await refused('anon key', fx.t.deps.keys.anonKey, [401]);
      if (access === 'admin') {
        await refused('owner', callers.owner.token, [403]);
        await refused('another reader', callers.other.token, [403]);
        await refused('admin without a second factor', (await adminOnPasswordAlone()).token, [403]);
        await allowed('admin', callers.admin.token);
        return;
      }
      if (OWNER_ONLY.has(name)) {
        await refused('another reader', callers.other.token, [404]);
        await refused('admin', callers.admin.token, [404]);
      } else {
        await allowed('another reader', callers.other.token);
        await allowed('admin', callers.admin.token);
      }
      await allowed('owner', callers.owner.token);
    },
  );
});

// The SQL the server filters with must decide exactly as the visibility rule of shared/domain: random cases
// are set up as real rows (accounts, confirmation, follow policy, follows, blocks, mutes) and asked of both.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVisible } from '@shared/domain/social-visibility';
import type { VisibilityFacts, VisibilitySurface } from '@shared/domain/social-visibility';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import { visibleSql } from './visibility-sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facts = fc.record<VisibilityFacts>({
  self: fc.boolean(),
  confirmed: fc.boolean(),
  viewerBlocked: fc.boolean(),
  blockedViewer: fc.boolean(),
  muted: fc.boolean(),
  approvesFollowers: fc.boolean(),
  follows: fc.boolean(),
  eventPublic: fc.boolean(),
});

/** Makes rows that say exactly `f` about a viewer and a reader; answers their ids. */
async function arrange(f: VisibilityFacts): Promise<{ viewer: string; reader: string }> {
  const db = t.deps.db;
  const viewer = (await createTestUser(t)).id;
  const reader = f.self ? viewer : (await createTestUser(t)).id;
  if (!f.confirmed) await db.query('update auth.users set email_confirmed_at = null where id = $1', [reader]);
  if (f.approvesFollowers) {
    await db.query(`update public.profiles set follow_policy = 'approve' where id = $1`, [reader]);
  }
  if (f.self) return { viewer, reader };
  if (f.follows) {
    await db.query(
      `insert into public.follows (follower_id, followee_id, state, accepted_at) values ($1, $2, 'accepted', now())`,
      [viewer, reader],
    );
  } else if (f.approvesFollowers) {
    // A request waiting is no follow.
    await db.query(
      `insert into public.follows (follower_id, followee_id, state) values ($1, $2, 'requested')`,
      [viewer, reader],
    );
  }
  if (f.viewerBlocked) await db.query('insert into public.blocks values ($1, $2)', [viewer, reader]);
  if (f.blockedViewer) await db.query('insert into public.blocks values ($1, $2)', [reader, viewer]);
  if (f.muted) await db.query('insert into public.mutes values ($1, $2)', [viewer, reader]);
  return { viewer, reader };
}

const SURFACES: VisibilitySurface[] = ['card', 'details', 'activity', 'suggestion', 'notification'];

describe('visibility SQL', () => {
  it('decides every surface as the shared rule does, on random cases', async () => {
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const { viewer, reader } = await arrange(f);
        for (const surface of SURFACES) {
          const [row] = await t.deps.db.query<{ ok: boolean }>(
            `select ${visibleSql(surface, { viewer: '$1::uuid', reader: '$2::uuid', eventPublic: '$3::boolean' })} as ok`,
            surface === 'activity' ? [viewer, reader, f.eventPublic] : [viewer, reader],
          );
          expect(row?.ok, `${surface} ${JSON.stringify(f)}`).toBe(isVisible(surface, f));
        }
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('shows an anonymous viewer what the rule shows a stranger', async () => {
    for (const approvesFollowers of [false, true]) {
      const f = { ...STRANGER, approvesFollowers };
      const { reader } = await arrange(f);
      const [row] = await t.deps.db.query<{ ok: boolean }>(
        `select ${visibleSql('details', { viewer: 'null::uuid', reader: '$1::uuid' })} as ok`,
        [reader],
      );
      expect(row?.ok).toBe(isVisible('details', f));
    }
  });
});

const STRANGER: VisibilityFacts = {
  self: false,
  confirmed: true,
  viewerBlocked: false,
  blockedViewer: false,
  muted: false,
  approvesFollowers: false,
  follows: false,
  eventPublic: true,
};

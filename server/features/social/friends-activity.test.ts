// The feed reads only the followed readers whose newest visible lines are newest (friends-activity.ts):
// checked against the plain definition (every visible line of everyone followed, newest first) on random
// communities with ties in time, private lines, and muted and blocked readers whose lines are newest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import { friendsActivity } from './friends-activity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('friends-activity paging', () => {
  it.each([1, 2, 3])(
    'pages exactly the visible lines, newest first (community %i)',
    async (seed) => {
      const rand = random(seed);
      const db = t.deps.db;
      const viewer = await createTestUser(t);
      const readers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTestUser(t)));
      const [muted, blocker] = readers;
      const expected: { id: string; at: number }[] = [];
      for (const reader of readers) {
        await db.query(
          `insert into public.follows (follower_id, followee_id, state, accepted_at) values ($1, $2, 'accepted', now())`,
          [viewer.id, reader.id],
        );
        const lines = 2 + Math.floor(rand() * 12);
        for (let i = 0; i < lines; i++) {
          // Few distinct instants, so lines tie in time and the id decides; the hidden readers' lines newest.
          const hidden = reader === muted || reader === blocker;
          const at = Date.UTC(2025, 0, 1) + (hidden ? 1000 : 0) + Math.floor(rand() * 8) * 60_000;
          const isPublic = rand() > 0.25;
          const [row] = await db.query<{ id: string }>(
            `insert into public.activities (user_id, kind, created_at, is_public, book_count)
           values ($1, 'import', $2, $3, 1) returning id`,
            [reader.id, new Date(at).toISOString(), isPublic],
          );
          if (isPublic && !hidden) expected.push({ id: row!.id, at });
        }
      }
      await db.query('insert into public.mutes (muter_id, muted_id) values ($1, $2)', [viewer.id, muted!.id]);
      await db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
        blocker!.id,
        viewer.id,
      ]);
      expected.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));

      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await friendsActivity(db, viewer.id, { limit: 3, after }, 'http://x');
        seen.push(...page.items.map((i) => i.id));
        after = page.next_cursor ?? undefined;
      } while (after);
      expect(seen).toEqual(expected.map((e) => e.id));
    },
    60_000,
  );
});

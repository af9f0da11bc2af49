// The community figures of issue 27: a generated community of readers (the bench population: each read 1 to
// 300 books, by popularity, over two years, with reviews), confirmed, following one another by a power law
// (how many each follows is log-uniform, 1 to 300; whom, by Zipf popularity, so a few readers have most of
// the followers), plus one reader who follows 500. Through the real server: that reader's friends-activity
// (first pages and pages further back by cursor) at 16 clients, and follow-reader / unfollow-reader at 16
// clients by many readers. Run alone with `npx tsx scripts/bench/social-bench.ts [--readers N]
// [--postgres URL]`, or as part of `npm run bench` (run.ts appends its section to the report).
import { parseArgs } from 'node:util';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { createBenchDatabase } from './bench-database';
import type { DbKind } from './bench-database';
import { loadHttp } from './load';
import type { HttpCall, Measurement } from './load';
import { logUniform, rng, zipfIndex } from './random';
import { startServer } from './server-process';
import { generateReaders } from './synthetic-readers';
import type { BenchUser } from './synthetic-readers';
import { benchAuth, mintTokens } from './tokens';

export interface SocialFigures {
  kind: DbKind;
  readers: number;
  follows: number;
  activities: number;
  feedFollows: number;
  /** One set of figures per number of clients (1 and 16 by default; the targets are at 16). */
  levels: SocialLevel[];
}

export interface SocialLevel {
  clients: number;
  feedFirstPage: Measurement;
  feedDeeper: Measurement;
  follow: Measurement;
  /** like / unlike of reviews, and add-comment, by many readers (issue 27's talk). */
  like: Measurement;
  comment: Measurement;
}

/** The targets are at 16 clients; 1 client shows the cost of one call without queueing. */
const DEFAULT_CLIENTS = [1, 16];
const SECONDS = 10;
const FEED_FOLLOWS = 500;

async function post(
  base: string,
  name: string,
  body: unknown,
  token: string,
): Promise<{ next_cursor: string | null }> {
  const res = await fetch(`${base}/sf/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { next_cursor: string | null };
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Migrates an empty database and fills it with the community: the demo catalogue, the bench's readers
 * (confirmed), their activity lines as the triggers would have written them (the population is loaded with
 * triggers off), and the power-law follows.
 */
export async function buildCommunity(
  db: Db,
  readers: number,
): Promise<{ users: BenchUser[]; follows: number; activities: number }> {
  await migrate(db);
  await seedCatalogue(db, await loadDemoCatalogue());
  const { users } = await generateReaders(db, readers);
  await db.query('update auth.users set email_confirmed_at = now()');
  await db.query(
    `insert into public.activities (user_id, kind, created_at, is_public, event_id)
     select e.user_id, e.event_type, e.created_at, e.is_public, e.id from public.reading_progress_events e
     where e.event_type in ('start', 'finish', 'dnf') and not e.imported_read`,
  );
  await db.query(
    `insert into public.activities (user_id, kind, created_at, review_id)
     select r.user_id, 'review', r.created_at, r.id from public.reviews r`,
  );
  await db.query(
    `insert into public.activities (user_id, kind, created_at, shelf_id, burst_hour, edition_ids, book_count)
     select s.user_id, 'shelved', max(si.published_at), s.id, date_trunc('hour', si.published_at),
            array_agg(si.edition_id order by si.published_at), count(*)
     from public.shelf_items si join public.shelves s on s.id = si.shelf_id
     where si.published_at is not null and (s.slug is null or s.slug not in ('currently-reading', 'read'))
     group by s.user_id, s.id, date_trunc('hour', si.published_at)`,
  );
  // Power-law follows: reader u follows logUniform(1, 300) readers picked by Zipf popularity; reader 0
  // (the one whose feed is read) follows FEED_FOLLOWS, the most popular first.
  const rand = rng(27);
  const pairs = new Set<string>();
  const ids = users.map((u) => u.id);
  for (let u = 0; u < ids.length; u++) {
    const want = u === 0 ? FEED_FOLLOWS : Math.round(logUniform(1, 300, rand()));
    const mine = new Set<number>();
    for (let tries = 0; mine.size < Math.min(want, ids.length - 1) && tries < want * 20; tries++) {
      const v = zipfIndex(ids.length, rand());
      if (v !== u) mine.add(v);
    }
    for (let v = 0; u === 0 && mine.size < Math.min(want, ids.length - 1); v++) if (v !== u) mine.add(v);
    for (const v of mine) pairs.add(`${ids[u]}|${ids[v]}`);
  }
  const list = [...pairs].map((p) => p.split('|'));
  for (let i = 0; i < list.length; i += 5000) {
    const chunk = list.slice(i, i + 5000);
    await db.query(
      `insert into public.follows (follower_id, followee_id, state, accepted_at, created_at)
       select f, t, 'accepted', now() - random() * interval '300 days', now() - interval '300 days'
       from unnest($1::uuid[], $2::uuid[]) as x(f, t)`,
      [chunk.map((p) => p[0]), chunk.map((p) => p[1])],
    );
  }
  // Vacuumed as well as analysed: the rows were bulk-loaded a moment ago, and a live database's autovacuum
  // would long have marked their pages all-visible, so the feed's index-only probes skip the heap as they
  // do in production (unvacuumed, each of the 500 probes also read a heap page).
  await db.query('vacuum analyze');
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from public.activities');
  return { users, follows: list.length, activities: count?.n ?? 0 };
}

type FeedCall = (body: object) => HttpCall;

/** The five timed runs at one number of clients; `offset` shifts whose follows, likes and comments these are. */
async function measureLevel(
  base: string,
  clients: number,
  offset: number,
  tokens: string[],
  users: BenchUser[],
  reviewIds: string[],
  feedCall: FeedCall,
  cursors: string[],
): Promise<SocialLevel> {
  const feedFirstPage = await loadHttp(base, clients, SECONDS, () => feedCall({ limit: 20 }));
  const feedDeeper = await loadHttp(base, clients, SECONDS, (i) =>
    feedCall({ limit: 20, after: cursors[i % Math.max(cursors.length, 1)] }),
  );
  // Follows by many readers (so no one meets the day's limit), each followed by its unfollow.
  const follow = await loadHttp(base, clients, SECONDS, (j) => {
    const i = j + offset * 2;
    const n = Math.floor(i / 2);
    const who = 1 + (n % (users.length - 2));
    const target = (who * 7 + 3 + Math.floor(n / users.length)) % users.length;
    const whom = users[target === who ? (target + 1) % users.length : target];
    return {
      method: 'POST',
      path: `/sf/${i % 2 === 0 ? 'follow-reader' : 'unfollow-reader'}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
      body: JSON.stringify({ user_id: whom?.id }),
    };
  });
  // Likes by many readers of many reviews, each followed by its unlike; comments spread over the readers
  // so that none meets the per-minute limit.
  const talker = (i: number) => 1 + (Math.floor(i / 2) % (users.length - 1));
  const like = await loadHttp(base, clients, SECONDS, (j) => {
    const i = j + offset * 2;
    return {
      method: 'POST',
      path: `/sf/${i % 2 === 0 ? 'like' : 'unlike'}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[talker(i)]}` },
      body: JSON.stringify({ review_id: reviewIds[Math.floor(i / 2) % reviewIds.length] }),
    };
  });
  const comment = await loadHttp(base, clients, SECONDS, (j) => {
    const i = j + offset;
    return {
      method: 'POST',
      path: '/sf/add-comment',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[1 + (i % (users.length - 1))]}`,
      },
      body: JSON.stringify({
        review_id: reviewIds[(i * 7) % reviewIds.length],
        body: `Comment ${i}: well put.`,
      }),
    };
  });
  return { clients, feedFirstPage, feedDeeper, follow, like, comment };
}

export async function benchSocial(
  options: { readers?: number; kind?: DbKind; postgresUrl?: string; clients?: number[] } = {},
  log: (line: string) => void = console.log,
): Promise<SocialFigures> {
  const readers = options.readers ?? 1000;
  const kind = options.kind ?? (options.postgresUrl ? 'postgres' : 'pglite');
  const bench = await createBenchDatabase(kind, options.postgresUrl ?? '');
  try {
    const db = await bench.open();
    let users: BenchUser[];
    let follows: number;
    let activities: number;
    let reviewIds: string[];
    try {
      ({ users, follows, activities } = await buildCommunity(db, readers));
      reviewIds = (
        await db.query<{ id: string }>('select id from public.reviews order by id limit 5000')
      ).map((r) => r.id);
      log(`social: ${readers} readers, ${follows} follows, ${activities} activity lines`);
    } finally {
      await db.close();
    }

    const auth = await benchAuth();
    const server = await startServer({ ...bench.serverEnv, ...auth.env });
    try {
      const tokens = await mintTokens(auth, users);
      const reader = tokens[0] as string;
      // Cursors of the feed's pages 2 to 6, for the deeper reads.
      const cursors: string[] = [];
      let after: string | undefined;
      for (let p = 0; p < 5; p++) {
        const page = await post(
          server.base,
          'friends-activity',
          { limit: 20, ...(after ? { after } : {}) },
          reader,
        );
        if (!page.next_cursor) break;
        cursors.push(page.next_cursor);
        after = page.next_cursor;
      }
      const feedCall = (body: object) => ({
        method: 'POST' as const,
        path: '/sf/friends-activity',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
        body: JSON.stringify(body),
      });
      await loadHttp(server.base, 16, 2, () => feedCall({ limit: 20 })); // warm-up
      const levels: SocialLevel[] = [];
      // Each level's follows, likes and comments start where the last level's stopped, so no reader repeats
      // a follow of the same reader or meets the comment limit across levels.
      let offset = 0;
      for (const clients of options.clients ?? DEFAULT_CLIENTS) {
        const level = await measureLevel(
          server.base,
          clients,
          offset,
          tokens,
          users,
          reviewIds,
          feedCall,
          cursors,
        );
        offset += level.follow.count + level.like.count + level.comment.count + 2 * clients;
        levels.push(level);
        log(
          `social at ${clients} clients: feed p50/p95 ${level.feedFirstPage.p50.toFixed(1)}/${level.feedFirstPage.p95.toFixed(1)} ms ` +
            `(deeper ${level.feedDeeper.p95.toFixed(1)}), follow/unfollow ${level.follow.p50.toFixed(1)}/${level.follow.p95.toFixed(1)} ms, ` +
            `like/unlike ${level.like.p50.toFixed(1)}/${level.like.p95.toFixed(1)} ms, comment ${level.comment.p50.toFixed(1)}/${level.comment.p95.toFixed(1)} ms`,
        );
      }
      const figures: SocialFigures = {
        kind,
        readers,
        follows,
        activities,
        feedFollows: FEED_FOLLOWS,
        levels,
      };
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

const row = (label: string, clients: number, m: Measurement) =>
  `| ${label} | ${clients} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.rps.toFixed(0)} | ${m.errors} |`;

export function renderSocialSection(f: SocialFigures): string {
  return [
    '',
    '## Community: Friends Activity and follows (issue 27)',
    '',
    `${f.readers.toLocaleString('en-US')} generated readers on ${f.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ` +
      `${f.follows.toLocaleString('en-US')} power-law follows, ${f.activities.toLocaleString('en-US')} activity lines; ` +
      `the feed of a reader following ${f.feedFollows}; ${SECONDS} s per call and number of clients. Targets at 16 clients: ` +
      'feed p95 < 25 ms, follow, like and comment p95 < 15 ms (on PostgreSQL).',
    '',
    '| call | clients | p50 ms | p95 ms | p99 ms | req/s | errors |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...f.levels.flatMap((l) => [
      row('friends-activity, first page (20 lines)', l.clients, l.feedFirstPage),
      row('friends-activity, pages 2-6 by cursor', l.clients, l.feedDeeper),
      row('follow-reader / unfollow-reader', l.clients, l.follow),
      row('like / unlike (a review)', l.clients, l.like),
      row('add-comment', l.clients, l.comment),
    ]),
    '',
    ...f.levels
      .flatMap((l) => [l.feedFirstPage, l.feedDeeper, l.follow, l.like, l.comment])
      .flatMap((m) => m.errorSamples)
      .map((e) => `- error: ${e}`),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      readers: { type: 'string', default: '1000' },
      postgres: { type: 'string' },
      clients: { type: 'string', default: DEFAULT_CLIENTS.join(',') },
    },
  });
  const figures = await benchSocial({
    readers: Number(values.readers),
    postgresUrl: values.postgres,
    clients: values.clients.split(',').map(Number),
  });
  console.log(renderSocialSection(figures));
  process.exit(0);
}

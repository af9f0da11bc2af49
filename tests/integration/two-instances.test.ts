// Issue 30: two server processes on one PostgreSQL database, each with its own DATA_DIR, as two machines
// behind a load balancer. A reader's session goes through both, alternating, and cannot tell which answered;
// then one is stopped with SIGTERM under load, losing no accepted request, and the other finishes its work.
// PostgreSQL pass only (vitest.config.ts): the embedded database belongs to one process.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_FIXTURE, startCoversFixture } from '../support/covers-fixture';
import type { CoversFixture } from '../support/covers-fixture';
import { sfCall } from '../support/http-reader';
import { readerOnStartedBook, startMixedLoad, storedEventIds } from '../support/mixed-load';
import { startServerProcess } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { pngImage } from '../support/test-images';
import { createThrowawayDatabase } from '../support/test-db';

const PASSWORD = 'Str0ng!pass';
const SHARED_SECRET = 'one-secret-shared-by-every-instance-0123456789';
const execFileAsync = promisify(execFile);
const FAILED_SIGN_INS_ALLOWED = 4;

let database: { url: string; drop(): Promise<void> };
let sql: pg.Pool;
let covers: CoversFixture;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;

async function instance(seed: boolean): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sf-instance-'));
  dataDirs.push(dataDir);
  return startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    JWT_SECRET: SHARED_SECRET,
    SEED_DEMO: seed ? '1' : '0',
    COVERS_URL: covers.url,
    AUTH_RATE_LIMITS: `token_failures=${FAILED_SIGN_INS_ALLOWED}/300`,
    DRAIN_DELAY_MS: '1000',
    SHUTDOWN_TIMEOUT_MS: '3000',
  });
}

const client = (s: ServerProcess) =>
  createClient(s.url, s.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

beforeAll(async () => {
  database = await createThrowawayDatabase(process.env.DATABASE_URL as string, 'sf_two');
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  covers = await startCoversFixture();
  // The first prepares the database (migrations, demo catalogue); the second finds it ready.
  a = await instance(true);
  b = await instance(false);
});
afterAll(async () => {
  for (const s of [a, b]) if (s?.alive()) await s.stop();
  await sql?.end();
  await covers?.close();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** A confirmed reader, registered through A and confirmed through the link as B serves it. */
async function newReader() {
  const tag = `r${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const email = `${tag}@example.test`;
  const registered = await sfCall(
    a.url,
    'register-user',
    { email, password: PASSWORD, username: tag, first_name: 'Ada', last_name: 'Lovelace' },
    a.anonKey,
  );
  expect(registered.status).toBe(200);
  // The confirmation is sent by the outbox job, on whichever instance claims it: wait for it on B.
  let mail: { links: string[] } | undefined;
  while (!mail) {
    const res = await fetch(`${b.url}/dev/mail?to=${encodeURIComponent(email)}`);
    [mail] = (await res.json()) as { links: string[] }[];
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const link = new URL(mail.links[0]!).searchParams.get('confirmation_url') ?? mail.links[0]!;
  expect((await fetch(link.replace(a.url, b.url), { redirect: 'manual' })).status).toBe(303);
  return { email, username: tag };
}

describe('two instances on one database', () => {
  it('answer ready, each with its own data directory', async () => {
    for (const s of [a, b]) expect((await fetch(`${s.url}/health/ready`)).status).toBe(200);
  });

  it('share sessions: signed in on one, recognised by the other; signed out on one, refused by both', async () => {
    const reader = await newReader();
    const onA = client(a);
    const { data, error } = await onA.auth.signInWithPassword({ email: reader.email, password: PASSWORD });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const onB = client(b);
    expect((await onB.auth.getUser(token)).data.user?.email).toBe(reader.email);
    expect((await sfCall(b.url, 'get-profile', {}, token)).body.username).toBe(reader.username);

    // The refresh token is spent on B, then the session ends there: A refuses it too.
    await onB.auth.setSession({ access_token: token, refresh_token: data.session!.refresh_token });
    expect((await onB.auth.signOut({ scope: 'global' })).error).toBeNull();
    for (const s of [a, b]) {
      expect((await sfCall(s.url, 'get-profile', {}, token)).status).toBe(401);
      const refreshed = await client(s).auth.refreshSession({ refresh_token: data.session!.refresh_token });
      expect(refreshed.error).not.toBeNull();
    }
  });

  it('serve the avatar uploaded through either one from both, and never the replaced one', async () => {
    const reader = await newReader();
    const onA = client(a);
    const { data } = await onA.auth.signInWithPassword({ email: reader.email, password: PASSWORD });
    const path = `public/${data.user!.id}.png`;
    expect(
      (await onA.storage.from('avatars').upload(path, await pngImage(40, 20), { upsert: true })).error,
    ).toBeNull();
    const served = async (s: ServerProcess) => {
      const res = await fetch(`${s.url}/storage/v1/object/public/avatars/${path}`);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const first = await served(b);
    expect(first.status).toBe(200);
    expect((await served(a)).bytes.equals(first.bytes)).toBe(true);

    const onB = client(b);
    await onB.auth.setSession(data.session!);
    expect(
      (await onB.storage.from('avatars').upload(path, await pngImage(30, 30), { upsert: true })).error,
    ).toBeNull();
    const second = await served(a);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    expect((await served(b)).bytes.equals(second.bytes)).toBe(true);
  });

  it('fetch a cover from upstream once, whichever instance is asked', async () => {
    const { rows } = await sql.query<{ isbn: string }>(
      `select isbn from public.editions where isbn is not null and isbn <> all($1) order by isbn limit 1`,
      [[...COVER_FIXTURE.missingIsbns, COVER_FIXTURE.gifIsbn, COVER_FIXTURE.htmlIsbn]],
    );
    const isbn = rows[0]!.isbn;
    const upstream = () => covers.requests.filter((r) => r.path.startsWith(`/b/isbn/${isbn}`)).length;
    const resolve = (s: ServerProcess) =>
      fetch(`${s.url}/covers/isbn/${isbn}?size=card`, { redirect: 'manual' });
    const onA = await resolve(a);
    expect(onA.status).toBe(302);
    const onB = await resolve(b);
    expect(onB.headers.get('location')).toBe(onA.headers.get('location'));
    const file = new URL(onB.headers.get('location')!, `${b.url}/covers/isbn/`).pathname;
    expect((await fetch(`${b.url}${file}`)).headers.get('content-type')).toBe('image/webp');
    expect(upstream()).toBe(1);
  });

  it('never serve a public answer that one changed stale from the other', async () => {
    const reader = await newReader();
    const { data } = await client(a).auth.signInWithPassword({ email: reader.email, password: PASSWORD });
    const token = data.session!.access_token;
    for (let round = 1; round <= 4; round++) {
      const [writer, other] = round % 2 ? [a, b] : [b, a];
      // Both hold the public profile in their caches...
      for (const s of [a, b]) await sfCall(s.url, 'public-profile', { username: reader.username }, s.anonKey);
      // ...then one changes it, and the other's very next answer has the change.
      const name = `Round${round}`;
      expect((await sfCall(writer.url, 'update-profile', { first_name: name }, token)).status).toBe(200);
      const seen = await sfCall(other.url, 'public-profile', { username: reader.username }, other.anonKey);
      expect(seen.body.profile.first_name).toBe(name);
    }
  });

  it('work an import once, and both report it', async () => {
    const reader = await newReader();
    const { data } = await client(b).auth.signInWithPassword({ email: reader.email, password: PASSWORD });
    const token = data.session!.access_token;
    const lines = [
      'Book Id,Title,Author,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count',
    ];
    for (let i = 1; i <= 30; i++)
      lines.push(`${i},Shared Book ${i},Author ${i},="",="",4,2024/02/01,2024/01/01,,read,1`);
    const started = await sfCall(
      a.url,
      'import-library',
      { format: 'goodreads', file_name: 'library.csv', content: `${lines.join('\n')}\n` },
      token,
    );
    expect(started.status).toBe(200);
    const importId = started.body.import_id as string;
    let status: any;
    for (let i = 0; ; i++) {
      status = (
        await sfCall(i % 2 ? a.url : b.url, 'import-status', { import_id: importId, limit: 1 }, token)
      ).body;
      if (status.state === 'done' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toMatchObject({ state: 'done', total: 30, processed: 30, created: 30, failed: 0 });
    const other = await sfCall(a.url, 'import-status', { import_id: importId, limit: 1 }, token);
    expect(other.body).toMatchObject({ state: 'done', created: 30 });
    const { rows } = await sql.query<{ events: number; reviews: number }>(
      `select (select count(*)::int from public.reading_progress_events where user_id = $1) as events,
              (select count(*)::int from public.reviews where user_id = $1) as reviews`,
      [data.user!.id],
    );
    expect(rows[0]).toEqual({ events: 30, reviews: 30 });
  });

  it('count rate limits across both', async () => {
    const reader = await newReader();
    const statuses = [];
    for (let i = 0; i <= FAILED_SIGN_INS_ALLOWED; i++) {
      const s = i % 2 ? b : a;
      const { error } = await client(s).auth.signInWithPassword({
        email: reader.email,
        password: 'wrong-Pass1!',
      });
      statuses.push(error?.status);
    }
    expect(statuses).toEqual([...Array(FAILED_SIGN_INS_ALLOWED).fill(400), 429]);
  });

  it("publish the same signing keys and accept each other's tokens, also after `admin rotate-signing-key`", async () => {
    const jwks = async (s: ServerProcess) =>
      ((await (await fetch(`${s.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys;
    expect(await jwks(b)).toEqual(await jwks(a));
    expect(await jwks(a)).toHaveLength(1);
    const reader = await newReader();
    const signIn = async (s: ServerProcess) => {
      const { data, error } = await client(s).auth.signInWithPassword({
        email: reader.email,
        password: PASSWORD,
      });
      expect(error).toBeNull();
      return data.session!.access_token;
    };
    const before = await signIn(a);

    // The operator rotates from a shell: a third process on the same database.
    const rotated = await execFileAsync(
      join('node_modules', '.bin', 'tsx'),
      ['scripts/admin.ts', 'rotate-signing-key'],
      {
        env: { ...process.env, DATABASE_URL: database.url, JWT_SECRET: SHARED_SECRET },
      },
    );
    const newKid = /signed with key ([\w-]+)/.exec(rotated.stdout)?.[1];
    expect(newKid).toBeTruthy();
    // Each instance reads the keys again within seconds; both then publish both keys.
    const until = Date.now() + 30_000;
    while ((await jwks(a)).length < 2 || (await jwks(b)).length < 2) {
      if (Date.now() > until) throw new Error('the rotated key was not published by both instances');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await jwks(a)).map((k) => k.kid)).toEqual((await jwks(b)).map((k) => k.kid));
    expect((await jwks(a))[0]?.kid).toBe(newKid);
    const after = await signIn(b);
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    for (const s of [a, b]) {
      for (const token of [before, after]) {
        expect((await sfCall(s.url, 'get-profile', {}, token)).body.username).toBe(reader.username);
      }
    }
  });

  it('lose no accepted request when one is stopped with SIGTERM under load, and the other takes over its jobs', async () => {
    const target = await readerOnStartedBook(a.url, a.anonKey);
    const load = startMixedLoad(target, 6);
    // An import queued through A just before it stops: whichever instance claimed it, B must finish it.
    const lines = [
      'Book Id,Title,Author,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count',
    ];
    for (let i = 1; i <= 200; i++)
      lines.push(`${i},Handover Book ${i},Author ${i},="",="",3,2024/03/01,2024/01/01,,read,1`);
    const started = await sfCall(
      a.url,
      'import-library',
      { format: 'goodreads', file_name: 'handover.csv', content: `${lines.join('\n')}\n` },
      target.token,
    );
    expect(started.status).toBe(200);
    while (load.answers.filter((x) => x.status === 200).length < 30)
      await new Promise((r) => setTimeout(r, 20));

    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    // Draining: not ready at once (it still accepts for DRAIN_DELAY_MS), while the load goes on.
    let ready = 200;
    while (ready === 200) ready = (await fetch(`${a.url}/health/ready`)).status;
    expect(ready).toBe(503);
    const exitCode = await exited;
    await load.stop();
    expect(exitCode).toBe(0);
    expect(a.output()).toMatch(/SIGTERM: draining/);

    // Every request either was answered in full, or never reached the server: a connection refused once it
    // stopped listening, or a reset of a keep-alive connection that sat idle when the server closed its idle
    // ones (the client wrote its next request into a socket being closed; HTTP/1.1 cannot avoid that race,
    // and Node closes only connections with no request in them). A request the server had taken and not
    // answered would have been cut off after SHUTDOWN_TIMEOUT_MS, and the server says so when that happens.
    const failed = load.answers.filter((x) => x.status !== 200);
    expect(
      failed.every((x) => x.status === 0 && (x.error === 'ECONNREFUSED' || x.error === 'ECONNRESET')),
      JSON.stringify(failed.slice(0, 5)),
    ).toBe(true);
    expect(a.output()).not.toMatch(/requests were still running/);
    expect(failed.length).toBeGreaterThan(0);
    // Every acknowledged write is there, read through B.
    const stored = await storedEventIds({ ...target, url: b.url });
    for (const id of load.acknowledged) expect(stored.has(id)).toBe(true);

    // B finishes the import, once.
    let status: any;
    for (;;) {
      status = (
        await sfCall(b.url, 'import-status', { import_id: started.body.import_id, limit: 1 }, target.token)
      ).body;
      if (status.state === 'done' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toMatchObject({ state: 'done', total: 200, processed: 200, created: 200, failed: 0 });
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from public.reviews r join public.works w on w.id = r.work_id
        where w.title like 'Handover Book %'`,
    );
    expect(rows[0]!.n).toBe(200);
    expect((await fetch(`${b.url}/health/ready`)).status).toBe(200);
  });
});

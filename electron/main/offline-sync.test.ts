// The proxy, cache, outbox and sync together, over a fake server that can be switched off.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OfflineState } from '@shared/desktop-bridge';
import { createCacheStore } from '@shared/offline/cache-store';
import { sealerWithKey } from './data-sealer';
import { createSfProxy } from './sf-proxy';
import { memoryStore } from './testing/memory-store';
import { createOfflineSync } from '@shared/offline/offline-sync';
import { createOutbox } from '@shared/offline/outbox';

const ADA = '11111111-1111-4111-8111-111111111111';
const WORK = '22222222-2222-4222-8222-222222222222';
const EDITION = '33333333-3333-4333-8333-333333333333';
const LOG = '44444444-4444-4444-8444-444444444444';
const SHELF = '55555555-5555-4555-8555-555555555555';

function setup() {
  const server = {
    up: true,
    received: [] as { name: string; body: unknown; key: string | undefined }[],
    refuse: new Set<string>(),
    /** Writes the server does whose reply never arrives (the connection drops after it). */
    loseReplies: 0,
    /** Writes answered 503 without being done. */
    unavailable: 0,
    /** Writes answered "still being answered" (an earlier attempt with the key is under way). */
    inProgress: 0,
  };
  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (!server.up) throw new TypeError('fetch failed');
    const url = new URL(String(input));
    if (url.pathname === '/health') return Response.json({ ok: true });
    const name = url.pathname.slice('/sf/'.length);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const key = (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    if (server.unavailable > 0 && name !== 'list-shelves' && name !== 'currently-reading') {
      server.unavailable--;
      server.received.push({ name: `503 ${name}`, body, key });
      return Response.json({ error: 'Busy.', code: 'unavailable' }, { status: 503 });
    }
    if (server.inProgress > 0 && name === 'log-progress-event') {
      server.inProgress--;
      server.received.push({ name: `409 ${name}`, body, key });
      return Response.json({ error: 'Still answering.', code: 'idempotency_in_progress' }, { status: 409 });
    }
    if (server.refuse.has(String(body.event_type)))
      return Response.json(
        { error: `Cannot log '${String(body.event_type)}'.`, code: 'invalid_transition' },
        { status: 409 },
      );
    server.received.push({ name, body, key });
    if (server.loseReplies > 0) {
      server.loseReplies--;
      throw new TypeError('socket hang up');
    }
    if (name === 'list-shelves')
      return Response.json([{ id: SHELF, name: 'Read', description: null, slug: 'read' }]);
    if (name === 'currently-reading')
      return Response.json({ items: [{ edition: { id: EDITION, title: 'Emma' }, work: { id: WORK } }] });
    return Response.json({ ok: true, event: { id: 'server-event' } });
  }) as typeof fetch;

  const store = memoryStore();
  const sealer = sealerWithKey(randomBytes(32));
  const cache = createCacheStore(store, sealer);
  const states: OfflineState[] = [];
  const timers: (() => void)[] = [];
  // The proxy and the sync need each other; the sync is made second.
  const late: { sync?: ReturnType<typeof createOfflineSync> } = {};
  const proxy = createSfProxy({
    serverUrl: 'http://server.test',
    fetch: fetchFn,
    bearer: async () => ({ token: 't', userId: ADA }),
    cache,
    knownUserId: () => ADA,
    get offline() {
      return late.sync;
    },
    now: () => new Date('2026-05-01T10:00:00Z'),
  });
  const sync = (late.sync = createOfflineSync({
    outbox: createOutbox(store, sealer),
    send: (name, body, idempotencyKey) => proxy.send(name, body, idempotencyKey),
    probe: async () => (await fetchFn('http://server.test/health')).ok,
    userId: () => ADA,
    emit: (state) => states.push(state),
    retryMs: 1000,
    setTimer: (run) => (timers.push(run), { cancel: () => undefined }),
    log: () => undefined,
  }));
  return { proxy, sync, server, states, timers, store };
}

const progress = (end: number, type = 'progress') => ({
  work_id: WORK,
  edition_id: EDITION,
  event_type: type,
  start_percent: 0,
  end_percent: end,
});

describe('offline: cache, outbox and sync through the proxy', () => {
  it('browses from the cache, queues writes with provisional answers, and sends them once, in order', async () => {
    const { proxy, sync, server, states, timers } = setup();
    await proxy.call('list-shelves', {});
    await proxy.call('currently-reading', {});
    server.up = false;
    server.received = [];

    expect(await proxy.call('list-shelves', {})).toEqual([
      { id: SHELF, name: 'Read', description: null, slug: 'read' },
    ]);
    const logged = (await proxy.call('log-progress-event', progress(40))) as {
      event: Record<string, unknown>;
    };
    expect(logged.event).toMatchObject({
      user_id: ADA,
      event_type: 'progress',
      end_percent: 40,
      editions: { id: EDITION, title: 'Emma' },
      created_at: '2026-05-01T10:00:00.000Z',
    });
    // Browsing on, the dashboard shows the progress just logged.
    expect(await proxy.call('currently-reading', {})).toMatchObject({
      items: [{ edition: { id: EDITION }, event_type: 'progress', current_percent: 40, percent: 40 }],
    });
    expect(await proxy.call('add-to-shelf', { shelf_name: 'read', edition_id: EDITION })).toEqual({
      shelf_id: SHELF,
    });
    expect(await proxy.call('update-reading-log', { id: LOG, journal_md: '<p>Offline</p>' })).toEqual({
      ok: true,
    });
    expect(states.at(-1)).toEqual({ online: false, pending: 3, refused: [] });
    expect(timers).toHaveLength(1);

    // The timer fires while still offline: nothing is lost, nothing is sent.
    timers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sync.state().pending).toBe(3);

    server.up = true;
    await sync.retry();
    expect(server.received.map((r) => r.name)).toEqual([
      'log-progress-event',
      'add-to-shelf',
      'update-reading-log',
    ]);
    expect(states.at(-1)).toEqual({ online: true, pending: 0, refused: [] });
    // A second try sends nothing again.
    await sync.retry();
    expect(server.received).toHaveLength(3);
  });

  it('a write made while changes wait goes behind them; a refusal is kept with the server’s message', async () => {
    const { proxy, sync, server } = setup();
    server.up = false;
    await proxy.call('log-progress-event', progress(10, 'resume'));
    server.up = true;
    server.refuse.add('resume');
    await proxy.call('log-progress-event', progress(20));
    expect(server.received.map((r) => (r.body as { end_percent: number }).end_percent)).toEqual([20]);
    expect(sync.state()).toMatchObject({
      online: true,
      pending: 0,
      refused: [{ name: 'log-progress-event', message: "Cannot log 'resume'.", code: 'invalid_transition' }],
    });
    sync.dismiss(sync.state().refused[0]!.id);
    expect(sync.state().refused).toEqual([]);
  });

  it('a write whose reply was lost is resent with the key of its first attempt, on every retry', async () => {
    const { proxy, sync, server } = setup();
    await proxy.call('currently-reading', {});
    server.received = [];
    // The server does the write, but the reply is lost: to main it looks offline, so the write is queued.
    server.loseReplies = 1;
    await proxy.call('log-progress-event', progress(40));
    expect(sync.state()).toMatchObject({ online: false, pending: 1 });
    // Two more tries that do not get through (a busy server, a reply lost again), then one that does.
    server.unavailable = 1;
    await sync.retry();
    server.loseReplies = 1;
    await sync.retry();
    // "Still being answered" is no refusal: the change keeps waiting.
    server.inProgress = 1;
    await sync.retry();
    expect(sync.state()).toMatchObject({ online: true, pending: 1, refused: [] });
    await sync.retry();
    expect(sync.state()).toMatchObject({ online: true, pending: 0, refused: [] });

    const attempts = server.received.filter((r) => r.name.endsWith('log-progress-event'));
    expect(attempts.map((a) => a.name)).toEqual([
      'log-progress-event',
      '503 log-progress-event',
      'log-progress-event',
      '409 log-progress-event',
      'log-progress-event',
    ]);
    const [first] = attempts;
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(attempts.map((a) => a.key))).toEqual(new Set([first?.key]));

    // Another write is another key.
    await proxy.call('log-progress-event', progress(50));
    expect(server.received.at(-1)?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.received.at(-1)?.key).not.toBe(first?.key);
  });

  it('a call with nothing cached still fails as offline', async () => {
    const { proxy, server } = setup();
    server.up = false;
    await expect(proxy.call('reading-streak', { timezone: 'UTC' })).rejects.toMatchObject({
      error: { kind: 'sf', status: 0 },
    });
  });
});

// The web's offline support: the shared offline layer (shared/offline) over the web's storage, with
// IndexedDB faked by a Map and the server by a function that answers or is out of reach. What the reader
// sees: cached answers offline, changes kept in order with their Idempotency-Keys and sent once, a refusal
// kept with the server's message, a reload that keeps it all, and a sign-out that deletes it.
import { describe, expect, it, vi } from 'vitest';
import type { SfOutcome } from '@shared/api/post-sf';
import { createWebOffline } from './web-offline';
import type { PersistedEntries } from './web-offline-storage';
import { createWebOfflineStore } from './web-offline-storage';

const ADA = '6f1c2f7e-0a53-4b0e-9b7e-8c1f3a2d4e51';
const WORK = '11111111-1111-4111-8111-111111111111';
const EDITION = '22222222-2222-4222-8222-222222222222';

/** IndexedDB as a Map that outlives the page objects built on it (a reload). */
function fakeIndexedDb(): PersistedEntries & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    loadAll: async () => [...data.entries()].map(([k, v]) => [k, structuredClone(v)]),
    put: async (key, value) => void data.set(key, structuredClone(value)),
    delete: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  };
}

interface Sent {
  name: string;
  body: unknown;
  key: string | undefined;
}

function fakeServer() {
  const server = { up: true, sent: [] as Sent[], refuse: new Set<string>() };
  const attempt = vi.fn(async (name: string, body: string, key?: string) => {
    if (!server.up) {
      const outcome: SfOutcome = {
        ok: false,
        failure: { status: 0, code: 'network_error', error: 'offline' },
      };
      return { outcome, userId: null };
    }
    server.sent.push({ name, body: JSON.parse(body), key });
    if (server.refuse.has(name)) {
      const failure = { status: 409, code: 'invalid_transition', error: "Cannot log 'resume' now." };
      return { outcome: { ok: false, failure } as SfOutcome, userId: ADA };
    }
    const value =
      name === 'list-shelves'
        ? [{ id: 'shelf-1', name: 'Read', description: null, slug: 'read' }]
        : { ok: true, event: { id: 'server-event' } };
    return { outcome: { ok: true, value } as SfOutcome, userId: ADA };
  });
  return { server, attempt };
}

function page(idb: PersistedEntries, attempt: ReturnType<typeof fakeServer>['attempt'], up: () => boolean) {
  return createWebOffline({
    store: createWebOfflineStore(idb),
    attempt,
    probe: async () => up(),
    retryMs: 60_000,
    log: () => undefined,
  });
}

const progress = (end: number) => ({
  work_id: WORK,
  edition_id: EDITION,
  event_type: 'progress',
  start_page: 1,
  end_page: end,
});

describe('web offline support', () => {
  it('answers cached calls offline and sends queued changes once, in order, with their keys', async () => {
    const idb = fakeIndexedDb();
    const { server, attempt } = fakeServer();
    const offline = page(idb, attempt, () => server.up);
    await offline.setReader(ADA);
    const shelves = await offline.call('list-shelves', {});
    expect(shelves.ok).toBe(true);

    server.up = false;
    offline.networkChanged(false);
    expect(await offline.call('list-shelves', {})).toEqual(shelves);
    expect(offline.client.state().online).toBe(false);
    const first = await offline.call('log-progress-event', progress(40));
    expect(first).toMatchObject({ ok: true, value: { ok: true, event: { end_page: 40, user_id: ADA } } });
    await offline.call('update-reading-log', { id: 'log-1', journal_md: '<p>On the train.</p>' });
    await offline.call('log-progress-event', progress(60));
    expect(offline.client.state().pending).toBe(3);
    // Kept in IndexedDB, not only in the page.
    expect([...idb.data.keys()].some((k) => k.startsWith('outbox-'))).toBe(true);

    server.up = true;
    server.sent = [];
    offline.networkChanged(true);
    await vi.waitFor(() => expect(offline.client.state().pending).toBe(0));
    expect(server.sent.map((s) => s.name)).toEqual([
      'log-progress-event',
      'update-reading-log',
      'log-progress-event',
    ]);
    expect(server.sent.map((s) => (s.body as { end_page?: number }).end_page)).toEqual([40, undefined, 60]);
    const keys = server.sent.map((s) => s.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => typeof k === 'string' && k.length > 10)).toBe(true);
    expect(offline.client.state().online).toBe(true);
  });

  it('keeps a refused change with the server’s message until it is dismissed', async () => {
    const { server, attempt } = fakeServer();
    const offline = page(fakeIndexedDb(), attempt, () => server.up);
    await offline.setReader(ADA);
    await offline.call('list-shelves', {});
    server.up = false;
    await offline.call('log-progress-event', progress(40));
    server.refuse.add('log-progress-event');
    server.up = true;
    await offline.client.retry();
    const [refusal] = offline.client.state().refused;
    expect(refusal).toMatchObject({ name: 'log-progress-event', message: "Cannot log 'resume' now." });
    await offline.client.dismiss(refusal!.id);
    expect(offline.client.state().refused).toEqual([]);
  });

  it('still has the cache and the outbox after a reload without a signal', async () => {
    const idb = fakeIndexedDb();
    const { server, attempt } = fakeServer();
    const before = page(idb, attempt, () => server.up);
    await before.setReader(ADA);
    await before.call('list-shelves', {});
    server.up = false;
    await before.call('log-progress-event', progress(40));

    const after = page(idb, attempt, () => server.up);
    await after.setReader(ADA);
    expect(after.client.initialAnswer('list-shelves', {})?.value).toEqual([
      { id: 'shelf-1', name: 'Read', description: null, slug: 'read' },
    ]);
    expect(after.client.state().pending).toBe(1);
  });

  it('deletes everything it kept when the reader signs out', async () => {
    const idb = fakeIndexedDb();
    const { server, attempt } = fakeServer();
    const offline = page(idb, attempt, () => server.up);
    await offline.setReader(ADA);
    await offline.call('list-shelves', {});
    server.up = false;
    await offline.call('log-progress-event', progress(40));
    expect(idb.data.size).toBeGreaterThan(0);

    await offline.setReader(null);
    expect(idb.data.size).toBe(0);
    expect(offline.client.initialAnswer('list-shelves', {})).toBeUndefined();
    expect(offline.client.state()).toEqual({ online: false, pending: 0, refused: [] });
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealerWithKey } from './data-sealer';
import { memoryStore } from './testing/memory-store';
import { createOutbox } from '@shared/offline/outbox';

const ADA = '11111111-1111-4111-8111-111111111111';
const LOG = '22222222-2222-4222-8222-222222222222';

function setup(store = memoryStore(), key = randomBytes(32)) {
  return { outbox: createOutbox(store, sealerWithKey(key)), store, key };
}

describe('createOutbox', () => {
  it('keeps changes in order, durably and sealed, until each is sent', () => {
    const { outbox, store, key } = setup();
    outbox.add(ADA, 'add-to-shelf', { shelf_name: 'Read', edition_id: LOG });
    outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>Secret words</p>' });
    expect(JSON.stringify(store.snapshot())).not.toContain('Secret words');

    const restarted = setup(store, key).outbox;
    const pending = restarted.pending(ADA);
    expect(pending.map((c) => c.name)).toEqual(['add-to-shelf', 'update-reading-log']);
    restarted.sent(ADA, pending[0]!.id);
    expect(restarted.pending(ADA).map((c) => c.name)).toEqual(['update-reading-log']);
    restarted.sent(ADA, pending[1]!.id);
    expect(store.snapshot()).toEqual({});
  });

  it('an autosave of the same log fields replaces the one just before it; other edits stay apart', () => {
    const { outbox } = setup();
    outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>One</p>' });
    outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>One two</p>' });
    outbox.add(ADA, 'update-reading-log', { id: LOG, end_page: 40 });
    outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>One two three</p>' });
    expect(outbox.pending(ADA).map((c) => c.payload)).toEqual([
      { id: LOG, journal_md: '<p>One two</p>' },
      { id: LOG, end_page: 40 },
      { id: LOG, journal_md: '<p>One two three</p>' },
    ]);
  });

  it('each change has its own idempotency key, the same on every read and after a restart', () => {
    const { outbox, store, key } = setup();
    const first = outbox.add(ADA, 'log-progress-event', { event_type: 'start' });
    const second = outbox.add(ADA, 'log-progress-event', { event_type: 'progress', end_page: 9 });
    // The key a first attempt already went with is the one kept.
    const adopted = outbox.add(ADA, 'add-to-shelf', { shelf_name: 'Read' }, 'key-of-the-first-attempt');
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([first.key, second.key, adopted.key]).size).toBe(3);
    const keys = outbox.pending(ADA).map((c) => c.key);
    expect(keys).toEqual([first.key, second.key, 'key-of-the-first-attempt']);
    expect(outbox.pending(ADA).map((c) => c.key)).toEqual(keys);
    expect(
      setup(store, key)
        .outbox.pending(ADA)
        .map((c) => c.key),
    ).toEqual(keys);
  });

  it('an autosave that replaces the edit before it gets a new key and id; old outboxes use their ids', () => {
    const { outbox, store, key } = setup();
    const one = outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>One</p>' });
    const two = outbox.add(ADA, 'update-reading-log', { id: LOG, journal_md: '<p>One two</p>' });
    expect(two.key).not.toBe(one.key);
    // A send of the replaced edit finishing now does not take the newer one with it.
    outbox.sent(ADA, one.id);
    expect(outbox.pending(ADA)).toEqual([two]);

    // An outbox written before keys existed: each change's random id serves as its key, stable.
    const sealer = sealerWithKey(key);
    const old = { id: 'old-id-1', name: 'add-to-shelf', payload: {}, queuedAt: '2026-05-01T09:00:00.000Z' };
    store.set(`outbox-${ADA}`, sealer.seal(JSON.stringify({ pending: [old], refused: [] })));
    expect(setup(store, key).outbox.pending(ADA)).toEqual([{ ...old, key: 'old-id-1' }]);
  });

  it('a refused change keeps the server’s message until the reader dismisses it', () => {
    const { outbox } = setup();
    const change = outbox.add(ADA, 'log-progress-event', { event_type: 'resume' });
    outbox.refuse(ADA, change.id, { message: "Cannot log 'resume'.", code: 'invalid_transition' });
    expect(outbox.pending(ADA)).toEqual([]);
    expect(outbox.refused(ADA)).toEqual([
      {
        id: change.id,
        name: 'log-progress-event',
        queuedAt: change.queuedAt,
        message: "Cannot log 'resume'.",
        code: 'invalid_transition',
      },
    ]);
    outbox.dismiss(ADA, change.id);
    expect(outbox.refused(ADA)).toEqual([]);
  });
});

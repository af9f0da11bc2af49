// Writes made while the server cannot be reached (QUEUEABLE_ENDPOINTS), kept durably and sealed per reader
// until they are sent, in the order they were made. What the server refuses when they go out is kept too,
// with its message, until the reader has seen it: nothing made offline is lost without the reader knowing.
// Unlike the cache, the outbox stays through a sign-out: it is the reader's unsent work, sent when they are
// back (still sealed, so no one else can read it).
//
// Each change has a random idempotency key, sent with every attempt (shared/api/idempotency.ts): a change
// whose reply was lost after the server did it is answered from the server's memory, not done twice.
import { z } from 'zod';
import { QUEUEABLE_ENDPOINTS } from '@shared/desktop-bridge';
import type { QueueableEndpointName, RefusedChange } from '@shared/desktop-bridge';
import type { KeyValueStore, Sealer } from './storage';

const pendingChange = z
  .object({
    id: z.string(),
    name: z.enum(QUEUEABLE_ENDPOINTS),
    payload: z.unknown(),
    queuedAt: z.string(),
    // Absent in an outbox kept before keys existed: its random id, stable too, serves as the key.
    key: z.string().optional(),
  })
  .transform((change) => ({ ...change, key: change.key ?? change.id }));
export type PendingChange = z.output<typeof pendingChange>;
const refusedChange = z.object({
  id: z.string(),
  name: z.enum(QUEUEABLE_ENDPOINTS),
  queuedAt: z.string(),
  message: z.string(),
  code: z.string(),
});
const record = z.object({ pending: z.array(pendingChange), refused: z.array(refusedChange) });
type OutboxRecord = z.infer<typeof record>;

/** A reader offline for weeks still fits; beyond it a write is refused at once rather than kept. */
export const MAX_PENDING_CHANGES = 5000;

export function isQueueable(name: string): name is QueueableEndpointName {
  return (QUEUEABLE_ENDPOINTS as readonly string[]).includes(name);
}

export interface Outbox {
  pending(userId: string): PendingChange[];
  refused(userId: string): RefusedChange[];
  /** `idempotencyKey`: the key a first attempt already went with; a new one when absent. */
  add(userId: string, name: QueueableEndpointName, payload: unknown, idempotencyKey?: string): PendingChange;
  /** The first pending change was sent and taken. */
  sent(userId: string, id: string): void;
  /** The first pending change was refused: it moves to the refusals with the server's message. */
  refuse(userId: string, id: string, failure: { message: string; code: string }): void;
  dismiss(userId: string, id: string): void;
}

const userKey = (id: string) => `outbox-${z.uuid().parse(id)}`;

export function createOutbox(
  store: KeyValueStore,
  sealer: Sealer,
  options: { now?: () => Date; log?: (message: string) => void } = {},
): Outbox {
  const now = options.now ?? (() => new Date());

  function load(userId: string): OutboxRecord {
    const sealed = store.get(userKey(userId));
    if (typeof sealed !== 'string') return { pending: [], refused: [] };
    try {
      return record.parse(JSON.parse(sealer.open(sealed)));
    } catch (error) {
      options.log?.(`The outbox could not be opened: ${String(error)}`);
      return { pending: [], refused: [] };
    }
  }
  function save(userId: string, value: OutboxRecord) {
    if (value.pending.length === 0 && value.refused.length === 0) store.delete(userKey(userId));
    else store.set(userKey(userId), sealer.seal(JSON.stringify(value)));
  }
  function update(userId: string, change: (value: OutboxRecord) => void) {
    const value = load(userId);
    change(value);
    save(userId, value);
  }

  return {
    pending: (userId) => load(userId).pending,
    refused: (userId) => load(userId).refused,
    add(userId, name, payload, idempotencyKey) {
      const change: PendingChange = {
        id: crypto.randomUUID(),
        name,
        payload,
        queuedAt: now().toISOString(),
        key: idempotencyKey ?? crypto.randomUUID(),
      };
      update(userId, (value) => {
        if (value.pending.length >= MAX_PENDING_CHANGES)
          throw new Error('Too many changes wait to be sent; connect to the server first.');
        const last = value.pending.at(-1);
        // Journal autosave writes every few seconds: a later edit of the same fields of the same log
        // replaces the edit just before it, so a long offline session sends one update, not hundreds.
        // It takes the place with a new id and key: the edit it replaces may be on its way (a resend with
        // the old key would be answered with the old edit), and a send of the old one must not take it.
        if (last && coalesces(last, name, payload)) {
          change.queuedAt = last.queuedAt;
          value.pending[value.pending.length - 1] = change;
        } else value.pending.push(change);
      });
      return change;
    },
    sent(userId, id) {
      update(userId, (value) => {
        value.pending = value.pending.filter((c) => c.id !== id);
      });
    },
    refuse(userId, id, failure) {
      update(userId, (value) => {
        const change = value.pending.find((c) => c.id === id);
        value.pending = value.pending.filter((c) => c.id !== id);
        if (change) value.refused.push({ id, name: change.name, queuedAt: change.queuedAt, ...failure });
      });
    },
    dismiss(userId, id) {
      update(userId, (value) => {
        value.refused = value.refused.filter((r) => r.id !== id);
      });
    },
  };
}

function coalesces(last: PendingChange, name: string, payload: unknown): boolean {
  if (last.name !== 'update-reading-log' || name !== 'update-reading-log') return false;
  const a = last.payload as Record<string, unknown>;
  const b = payload as Record<string, unknown>;
  const fields = (o: Record<string, unknown>) => Object.keys(o).sort().join(',');
  return typeof a.id === 'string' && a.id === b.id && fields(a) === fields(b);
}

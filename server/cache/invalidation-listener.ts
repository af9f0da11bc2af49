// Keeps one LISTEN open on a channel the database announces changes on (public answers, migration 0095;
// stored files, migration 0196), and passes every tag to the memory it keeps current. While no LISTEN is open,
// changes could go unseen, so the memory is cleared and switched off until one is open again. fence() is how
// a read makes sure every change committed before it began has reached the memory.
import type { Db, Listener } from '../db/db';

export const PUBLIC_READS_CHANNEL = 'sf_public_reads';
/** The payload that drops everything (a truncate). */
export const EVERYTHING = '*';

export interface InvalidationTarget {
  invalidate(tag: string): void;
  clear(): void;
  /** Whether answers may be kept: only while a LISTEN is open. */
  setListening(listening: boolean): void;
}

export interface InvalidationListenerOptions {
  /** The channel to listen on: PUBLIC_READS_CHANNEL unless told. */
  channel?: string;
  /** What the memory is called in the log ('public read cache' unless told). */
  name?: string;
  /** A fence or heartbeat that takes longer counts as a lost connection. */
  syncTimeoutMs?: number;
  /** How often an idle listener proves it is still there (a silently dead connection would miss changes). */
  heartbeatMs?: number;
  /** Wait before listening again after a failure: doubles up to the maximum. */
  retryMs?: number;
  maxRetryMs?: number;
  log?: (message: string) => void;
}

export interface InvalidationListener {
  /**
   * Resolves once every change committed before the call has reached the cache (or the cache has been
   * cleared because that could not be proved in time). Never rejects.
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

export async function startInvalidationListener(
  db: Db,
  target: InvalidationTarget,
  options: InvalidationListenerOptions = {},
): Promise<InvalidationListener> {
  const syncTimeoutMs = options.syncTimeoutMs ?? 3_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const log = options.log ?? ((message: string) => console.warn(message));
  const channel = options.channel ?? PUBLIC_READS_CHANNEL;
  const name = options.name ?? 'public read cache';

  let listener: Listener | null = null;
  let closed = false;
  let retryDelay = retryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  // Fences share syncs: a fence joins the next sync not yet sent, so at most one runs at a time and each
  // waits for at most two.
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const onMessage = (payload: string) => {
    if (payload === EVERYTHING) target.clear();
    else target.invalidate(payload);
  };

  function lost(current: Listener, reason: unknown) {
    if (listener !== current) return;
    listener = null;
    target.setListening(false);
    target.clear();
    log(`${name}: off until the database's notifications are back (${describe(reason)})`);
    current.close().catch(() => undefined);
    scheduleConnect();
  }

  async function connect(): Promise<void> {
    if (closed || !db.listen) return;
    let opened: Listener | null = null;
    try {
      opened = await db.listen(channel, onMessage, (reason) => {
        if (opened) lost(opened, reason);
      });
    } catch (err) {
      log(`${name}: cannot listen for changes yet (${describe(err)})`);
      scheduleConnect();
      return;
    }
    if (closed) {
      await opened.close();
      return;
    }
    listener = opened;
    retryDelay = retryMs;
    // Anything read before now might predate a change this LISTEN will never announce: start empty.
    target.clear();
    target.setListening(true);
  }

  function scheduleConnect() {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, maxRetryMs);
  }

  /** One sync of the current listener; a failure or a timeout is handled as a lost connection. */
  async function syncOnce(): Promise<void> {
    const current = listener;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${syncTimeoutMs} ms`)), syncTimeoutMs);
    });
    try {
      await Promise.race([current.sync(), timeout]);
    } catch (err) {
      lost(current, err);
    } finally {
      clearTimeout(timer);
    }
  }

  function fence(): Promise<void> {
    if (!listener) return Promise.resolve();
    if (next) return next;
    const after = running ?? Promise.resolve();
    const mine: Promise<void> = after.then(async () => {
      if (next === mine) next = null;
      running = mine;
      try {
        await syncOnce();
      } finally {
        if (running === mine) running = null;
      }
    });
    next = mine;
    return mine;
  }

  const heartbeat = setInterval(() => void fence(), heartbeatMs);
  heartbeat.unref();
  await connect();

  return {
    fence,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const current = listener;
      listener = null;
      target.setListening(false);
      target.clear();
      await current?.close().catch(() => undefined);
    },
  };
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

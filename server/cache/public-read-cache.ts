// The public read cache of issue 19: answers of the public reads that features declare cacheable
// (public-read-def.ts; the router hands each call's declaration in, so this layer knows no feature), kept per
// server process as the exact bytes sent, with a strong ETag, dropped by tag when the database
// announces a change (invalidation-listener.ts). Each read first waits for the announcements of every change
// committed before it arrived (one shared round trip on the listening connection), so no writer, through
// this process, another one or plain SQL, is ever followed by the old answer. Without a LISTEN open (or on a
// Db without listen) it keeps nothing and every call reads the database, still with an ETag.
import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { ApiError } from '../http/errors';
import { startInvalidationListener } from './invalidation-listener';
import type { InvalidationListener, InvalidationListenerOptions } from './invalidation-listener';
import type { PublicReadDef } from './public-read-def';
import { TaggedCache } from './tagged-cache';
import type { TaggedCacheLimits } from './tagged-cache';

export interface PublicReadAnswer {
  body: Uint8Array;
  /** Strong, from the body's bytes: the same answer has the same ETag on every instance. */
  etag: string;
  /** The answer depends on who asks (their own review first), so only their own client may keep it. */
  perViewer: boolean;
}

interface CachedRead {
  body: Uint8Array;
  etag: string;
  /** The viewerVariant's parts, and their size in bytes, when the answer depends on the viewer. */
  parts?: { value: unknown; bytes: number };
}

/** One call to a public read: who asks, and the same call as an anonymous caller makes it. */
export interface PublicReadCall<Input, Ctx> {
  /** The endpoint's name: answers are keyed by it and the declaration's key. */
  name: string;
  input: Input;
  ctx: Ctx;
  /** ctx as an anonymous caller's: what every caller shares is read with it. */
  anonymous: Ctx;
  viewerId: string | null;
}

export interface PublicReadCacheOptions {
  limits?: Partial<TaggedCacheLimits>;
  listener?: InvalidationListenerOptions;
}

export interface PublicReadCache {
  /**
   * The answer to a public read for the caller in ctx. `verify` sees every answer read from the database
   * (the router checks it against the endpoint's contract outside production).
   */
  answer<Input, Ctx, Answer>(
    def: PublicReadDef<Input, Ctx, Answer>,
    call: PublicReadCall<Input, Ctx>,
    verify: (answer: unknown) => void,
  ): Promise<PublicReadAnswer>;
  /** Entries and bytes held, and answers asked for and found, for tests and reports. */
  stats(): { entries: number; bytes: number; listening: boolean; requests: number; hits: number };
  close(): Promise<void>;
}

/**
 * 32 MiB of answers at most: a work page's answers are a few KB, so tens of thousands of them. Changes are
 * announced, so the TTL only bounds the harm of one that ever is not.
 */
const DEFAULT_LIMITS: TaggedCacheLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxEntries: 50_000,
  ttlMs: 5 * 60_000,
};

export async function startPublicReadCache(
  db: Db,
  options: PublicReadCacheOptions = {},
): Promise<PublicReadCache> {
  const cache = new TaggedCache<CachedRead>({ ...DEFAULT_LIMITS, ...options.limits });
  let listening = false;
  const listener: InvalidationListener = await startInvalidationListener(
    db,
    {
      invalidate: (tag) => cache.invalidate(tag),
      clear: () => cache.clear(),
      setListening: (on) => {
        listening = on;
      },
    },
    options.listener,
  );

  const counts = { requests: 0, hits: 0 };
  /** Reads from the database in flight, by key, so concurrent misses of one answer read it once. */
  const inFlight = new Map<string, Promise<{ read: CachedRead; kept: boolean }>>();

  async function read<Input, Ctx, Answer>(
    def: PublicReadDef<Input, Ctx, Answer>,
    call: PublicReadCall<Input, Ctx>,
    verify: (answer: unknown) => void,
  ): Promise<CachedRead> {
    const key = `${call.name}\u0000${def.key(call.input)}`;
    // Every change committed before this call arrived, by any writer through any server process, reaches the
    // cache first: a write acknowledged to anyone is never followed by its old answer, here or elsewhere.
    await listener.fence();
    const hit = listening ? cache.get(key) : undefined;
    counts.requests++;
    if (hit) {
      counts.hits++;
      return hit;
    }
    // Joining a read already under way is exact only if the cache kept its answer: store() refuses one
    // whose rows changed after that read began, and every change this caller must see has been announced
    // by now (the fence). Otherwise (refused, failed, or not listening) it reads for itself.
    const pending = inFlight.get(key);
    if (pending) {
      const shared = await pending.catch(() => null);
      if (shared?.kept) return shared.read;
    }
    const ticket = cache.ticket();
    const loading = (async () => {
      const { answer, tags } = await def.load(call.input, call.anonymous);
      verify(answer);
      const read = serialise(def, answer);
      const extra = read.parts?.bytes ?? 0;
      const kept = listening && cache.store(ticket, key, read, read.body.byteLength + extra, tags, def.ttlMs);
      return { read, kept };
    })();
    if (!inFlight.has(key)) {
      inFlight.set(key, loading);
      const done = () => {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      };
      loading.then(done, done);
    }
    return (await loading).read;
  }

  return {
    answer: readCached,
    stats: () => ({ entries: cache.size, bytes: cache.byteSize, listening, ...counts }),
    close: () => listener.close(),
  };

  async function readCached<Input, Ctx, Answer>(
    def: PublicReadDef<Input, Ctx, Answer>,
    call: PublicReadCall<Input, Ctx>,
    verify: (answer: unknown) => void,
  ): Promise<PublicReadAnswer> {
    const { viewerId } = call;
    let shared: CachedRead;
    try {
      shared = await read(def, call, verify);
    } catch (err) {
      // Not found for everyone may still be found for this viewer (their own unverified work): their
      // answer is read for them and kept nowhere. A 'not found' is never kept, so nobody else gets it.
      if (!(def.mayShowOnlyToSome && viewerId !== null && err instanceof ApiError && err.status === 404))
        throw err;
      return { ...(await readForViewer(def, call, verify)), perViewer: true };
    }
    if (!def.viewerVariant || viewerId === null)
      return { body: shared.body, etag: shared.etag, perViewer: false };
    const own = shared.parts ? def.viewerVariant.bodyFor(shared.parts.value, viewerId) : null;
    if (own === 'same') return { body: shared.body, etag: shared.etag, perViewer: true };
    if (own !== null) return { ...withEtag(Buffer.from(own)), perViewer: true };
    // The viewer's answer cannot be told from the shared one: read theirs, and keep it nowhere.
    return { ...(await readForViewer(def, call, verify)), perViewer: true };
  }
}

/** The caller's own answer, read as them: kept nowhere. */
async function readForViewer<Input, Ctx, Answer>(
  def: PublicReadDef<Input, Ctx, Answer>,
  call: PublicReadCall<Input, Ctx>,
  verify: (answer: unknown) => void,
): Promise<CachedRead> {
  const { answer } = await def.load(call.input, call.ctx);
  verify(answer);
  return serialise(def, answer);
}

function serialise<Answer>(def: PublicReadDef<never, never, Answer>, answer: Answer): CachedRead {
  if (def.viewerVariant) {
    const { json, parts } = def.viewerVariant.split(answer);
    return { ...withEtag(Buffer.from(json)), parts: { value: parts, bytes: json.length } };
  }
  return withEtag(Buffer.from(JSON.stringify(answer)));
}

function withEtag(body: Uint8Array): { body: Uint8Array; etag: string } {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

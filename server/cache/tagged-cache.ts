// A bounded in-memory map of answers, each labelled with the tags of the rows it was built from, so that
// a change to one row drops exactly the answers that show it. Least recently used entries go first once
// the byte or entry cap is reached; a TTL is the backstop should a change ever go unannounced.
//
// An answer read from the database while a change to one of its rows was being announced must not be kept:
// the read may have seen the row before the change. So a reader takes a ticket before it reads, and store()
// refuses the answer if any tag it carries was invalidated after that ticket (or everything was cleared, or
// too much happened since to tell).

export interface TaggedCacheLimits {
  /** Sum of the entries' sizes (their bytes plus a per-entry and per-tag allowance). */
  maxBytes: number;
  maxEntries: number;
  ttlMs: number;
  /** How many recent invalidations are remembered for tickets; an older ticket cannot store. */
  recentInvalidations?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  size: number;
  tags: readonly string[];
  expiresAt: number;
}

/** Rough bookkeeping cost of an entry and of each of its tags in the index, on top of its bytes. */
const ENTRY_OVERHEAD_BYTES = 200;
const TAG_OVERHEAD_BYTES = 100;

export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytes = 0;
  /** Counts invalidations and clears; a ticket is its value when a read began. */
  private sequence = 0;
  private clearedAt = 0;
  /** Tags invalidated at sequence logStart + 1, logStart + 2, … */
  private log: string[] = [];
  private logStart = 0;
  private readonly now: () => number;
  private readonly recentInvalidations: number;

  constructor(private readonly limits: TaggedCacheLimits) {
    this.now = limits.now ?? Date.now;
    this.recentInvalidations = limits.recentInvalidations ?? 10_000;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Map order is recency order: move the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Take before reading what will be stored. */
  ticket(): number {
    return this.sequence;
  }

  /**
   * Keeps value under key unless a tag of it changed since the ticket. Answers whether it was kept. `ttlMs`
   * shortens the cache's TTL for an answer that shows something no tag announces.
   */
  store(
    ticket: number,
    key: string,
    value: V,
    bytes: number,
    tags: readonly string[],
    ttlMs = this.limits.ttlMs,
  ): boolean {
    if (this.changedSince(ticket, tags)) return false;
    const size = bytes + ENTRY_OVERHEAD_BYTES + tags.length * TAG_OVERHEAD_BYTES;
    if (size > this.limits.maxBytes) return false;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, size, tags, expiresAt: this.now() + Math.min(ttlMs, this.limits.ttlMs) });
    this.bytes += size;
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.evictBeyondLimits();
    return true;
  }

  /** Drops every answer carrying the tag, and any read in flight that will carry it. */
  invalidate(tag: string): void {
    this.sequence++;
    this.log.push(tag);
    if (this.log.length > this.recentInvalidations * 2) {
      const dropped = this.log.length - this.recentInvalidations;
      this.log = this.log.slice(dropped);
      this.logStart += dropped;
    }
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
  }

  /** Drops everything, including reads in flight. */
  clear(): void {
    this.sequence++;
    this.clearedAt = this.sequence;
    this.log = [];
    this.logStart = this.sequence;
    this.entries.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }

  private changedSince(ticket: number, tags: readonly string[]): boolean {
    if (ticket === this.sequence) return false;
    if (ticket < this.clearedAt || ticket < this.logStart) return true;
    const wanted = new Set(tags);
    for (let i = ticket - this.logStart; i < this.log.length; i++) {
      if (wanted.has(this.log[i] as string)) return true;
    }
    return false;
  }

  private evictBeyondLimits(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}

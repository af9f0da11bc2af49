// Sign-in flows waiting for their deep link, keyed by state. An entry can be taken once (a replayed link
// finds nothing) and only before its deadline; expired entries are dropped as new ones come in.
export type TakeResult<T> = { status: 'ok'; value: T } | { status: 'expired' } | { status: 'unknown' };

export interface PendingFlows<T> {
  add(state: string, value: T, ttlMs: number): void;
  take(state: string): TakeResult<T>;
  readonly size: number;
}

export function createPendingFlows<T>(options: { now?: () => number; max?: number } = {}): PendingFlows<T> {
  const now = options.now ?? Date.now;
  const max = options.max ?? 20;
  const entries = new Map<string, { value: T; deadline: number }>();

  function prune() {
    for (const [state, entry] of entries) if (entry.deadline <= now()) entries.delete(state);
    // Insertion order is age order: the oldest go first when someone keeps clicking "Login with Google".
    while (entries.size >= max) entries.delete(entries.keys().next().value as string);
  }

  return {
    add(state, value, ttlMs) {
      prune();
      entries.set(state, { value, deadline: now() + ttlMs });
    },
    take(state) {
      const entry = entries.get(state);
      if (!entry) return { status: 'unknown' };
      entries.delete(state);
      return entry.deadline > now() ? { status: 'ok', value: entry.value } : { status: 'expired' };
    },
    get size() {
      return entries.size;
    },
  };
}

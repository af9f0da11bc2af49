// Sign-in flows waiting for their deep link, keyed by state. An entry can be taken once (a replayed link
// finds nothing) and only before its deadline; expired entries are dropped as new ones come in.
//
// With a store, the flows outlive the app: a reader who signs up, quits, and opens the confirmation mail
// tomorrow morning still lands signed in. The store is the token vault, because an own-PKCE flow holds a
// verifier, which is as secret as a token for the minutes until its code is spent.
export type TakeResult<T> = { status: 'ok'; value: T } | { status: 'expired' } | { status: 'unknown' };

export interface PendingFlows<T> {
  add(state: string, value: T, ttlMs: number): void;
  /** Waits for the stored flows to be read first, so a link that launches the app finds its flow. */
  take(state: string): Promise<TakeResult<T>>;
  readonly size: number;
}

/** Where the flows are kept between runs: one serialized value, or null for none. */
export interface FlowStore {
  load(): Promise<string | null>;
  save(serialized: string | null): Promise<void>;
}

interface Entry<T> {
  value: T;
  deadline: number;
}

export interface PendingFlowsOptions<T> {
  now?: () => number;
  max?: number;
  store?: FlowStore;
  /** Checks a stored value: null drops it (a store written by another version, or tampered with). */
  parse?: (value: unknown) => T | null;
  log?: (message: string) => void;
}

export function createPendingFlows<T>(options: PendingFlowsOptions<T> = {}): PendingFlows<T> {
  const now = options.now ?? Date.now;
  const max = options.max ?? 20;
  const { store, parse, log = () => undefined } = options;
  let entries = new Map<string, Entry<T>>();

  function prune() {
    for (const [state, entry] of entries) if (entry.deadline <= now()) entries.delete(state);
    // Insertion order is age order: the oldest go first when someone keeps clicking "Login with Google".
    while (entries.size >= max) entries.delete(entries.keys().next().value as string);
  }

  const loaded = store ? load(store) : Promise.resolve();
  // Writes go one after another, each with the flows as they are when it runs, and never before the
  // stored flows were read (an early write would erase them).
  let writing: Promise<void> = loaded;

  async function load(from: FlowStore) {
    try {
      const stored = readStored(await from.load(), parse);
      // Flows added while the store was being read are newer: they go last, and win on a clash.
      entries = new Map([...stored.filter(([state]) => !entries.has(state)), ...entries]);
      for (const [state, entry] of entries) if (entry.deadline <= now()) entries.delete(state);
    } catch (error) {
      log(
        `The pending sign-ins could not be read; links from before this run will be ignored: ${String(error)}`,
      );
    }
  }

  function persist() {
    if (!store) return;
    writing = writing
      .then(() => store.save(entries.size > 0 ? JSON.stringify([...entries]) : null))
      .catch((error: unknown) => log(`The pending sign-ins could not be saved: ${String(error)}`));
  }

  return {
    add(state, value, ttlMs) {
      prune();
      entries.set(state, { value, deadline: now() + ttlMs });
      persist();
    },
    async take(state) {
      await loaded;
      const entry = entries.get(state);
      if (!entry) return { status: 'unknown' };
      entries.delete(state);
      persist();
      return entry.deadline > now() ? { status: 'ok', value: entry.value } : { status: 'expired' };
    },
    get size() {
      return entries.size;
    },
  };
}

function readStored<T>(raw: string | null, parse: ((value: unknown) => T | null) | undefined) {
  if (raw === null) return [];
  const data: unknown = JSON.parse(raw);
  if (!Array.isArray(data)) throw new Error('not a list');
  const kept: [string, Entry<T>][] = [];
  for (const item of data) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
    const entry = item[1] as { value?: unknown; deadline?: unknown } | null;
    if (!entry || typeof entry !== 'object' || typeof entry.deadline !== 'number') continue;
    const value = parse ? parse(entry.value) : (entry.value as T);
    if (value !== null) kept.push([item[0], { value, deadline: entry.deadline }]);
  }
  return kept;
}

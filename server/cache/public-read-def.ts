// What a feature declares to have one of its public reads kept by the public read cache (issues 19 and 33):
// how an answer is keyed, how the answer every anonymous caller gets is read together with the tags of every
// row it shows (migration 0095 announces changes by the same tags), and how it may vary by viewer. Features
// declare these beside their handlers and the router applies the cache to whatever is declared, so this
// layer knows no feature. An answer is only kept when it is the same for every caller who may get it.

export const workTag = (id: string) => `w:${id}`;
export const editionTag = (id: string) => `e:${id}`;
export const authorTag = (id: string) => `a:${id}`;
export const userTag = (id: string) => `u:${id}`;
/** Any change to what a search can match (migration 0096). */
export const SEARCH_TAG = 's';
/** Any change to which works the well-rated-and-popular list holds (migration 0190). */
export const POPULAR_TAG = 'p';

/** Tags listed once each. */
export const uniqueTags = (tags: string[]) => [...new Set(tags)];

export interface LoadedRead<Answer = unknown> {
  answer: Answer;
  tags: string[];
}

/**
 * An answer that depends on the viewer, kept once as the anonymous answer serialised in parts, from which
 * each viewer's own answer is derived per request without reading the database again.
 */
export interface ViewerVariant<Answer, Parts> {
  /** The anonymous answer's JSON, and the parts each viewer's answer is put together from. */
  split(answer: Answer): { json: string; parts: Parts };
  /**
   * The viewer's answer from those parts: 'same' when it is the anonymous one, null when it cannot be told
   * from them (then the viewer's answer is read for them and kept nowhere).
   */
  bodyFor(parts: Parts, viewerId: string): string | 'same' | null;
}

export interface PublicReadDef<Input, Ctx, Answer = unknown> {
  key(input: Input): string;
  /** Reads the answer every anonymous caller gets (ctx is anonymous), and the tags of what it shows. */
  load(input: Input, ctx: Ctx): Promise<LoadedRead<Answer>>;
  /** Set when the answer differs for a signed-in viewer. */
  // The parts' type is each declaration's own business; the cache only hands them back.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  viewerVariant?: ViewerVariant<Answer, any>;
  /** Kept at most this long, when shorter than the cache's own TTL. */
  ttlMs?: number;
  /**
   * Set when some viewers may see what anonymous callers are told is not found (a reader's unverified work,
   * issue 26): a signed-in caller's 'not found' is then read again as that caller.
   */
  mayShowOnlyToSome?: true;
}

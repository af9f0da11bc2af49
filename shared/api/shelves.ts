// Contracts of the shelves calls (SPEC.md §3, §7). Every shelf is public (readable through public-shelf and
// listed on the owner's public profile, as on Goodreads); only its owner can list it as "mine" or change it.
import { z } from 'zod';
import { authorRef, empty, endpoint, id, ok, text } from './common';
import type { EndpointDef } from './common';

/** The five built-in shelves of SPEC.md §3, in the order the sidebar and list-shelves show them. */
export const BUILTIN_SHELVES = [
  { slug: 'currently-reading', name: 'Currently Reading' },
  { slug: 'read', name: 'Read' },
  { slug: 'to-be-read', name: 'To Be Read' },
  { slug: 'favorites', name: 'Favorites' },
  { slug: 'owned', name: 'Owned' },
] as const;
export type BuiltinShelfSlug = (typeof BUILTIN_SHELVES)[number]['slug'];
const builtinSlugs = BUILTIN_SHELVES.map((s) => s.slug) as [BuiltinShelfSlug, ...BuiltinShelfSlug[]];

export const SHELF_PAGE_SIZE = 20;
export const MAX_SHELF_PAGE_SIZE = 100;
export const MAX_SHELF_NAME_LENGTH = 100;
/** Per-reader limits (issue 13 §9), refused with 409 limit_reached and these messages. */
export const MAX_CUSTOM_SHELVES = 200;
export const MAX_SHELF_ITEMS = 10_000;
export const CUSTOM_SHELVES_LIMIT_MESSAGE = `You can have at most ${MAX_CUSTOM_SHELVES} custom shelves.`;
export const SHELF_ITEMS_LIMIT_MESSAGE = `A shelf holds at most ${MAX_SHELF_ITEMS.toLocaleString('en-US')} books. Remove one to make room.`;

export const shelf = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  /** Set for the built-ins only. */
  slug: z.enum(builtinSlugs).nullable(),
});
export type Shelf = z.infer<typeof shelf>;

export const shelfItem = z.object({
  sort_key: z.string(),
  added_at: z.string(),
  /** get-shelf-items: the caller's rating of the work; public-shelf: the shelf owner's. Null when unrated. */
  my_rating: z.number().nullable(),
  /** The work's rating_sum / rating_count to 2 decimals; null when nobody has rated it. */
  average_rating: z.number().nullable(),
  /** How many readers rated the work (issue 26: the Avg column shows the real average with its count). */
  rating_count: z.number().int(),
  editions: z.object({
    id,
    title: z.string(),
    page_count: z.number().int().nullable(),
    edition_authors: z.array(authorRef),
    cover_url: z.string().nullable(),
  }),
  /**
   * verified: false for a work its reader made that is not in the catalogue yet (issue 26): its work page
   * is theirs alone, so a public shelf shows it without a link. Absent in answers kept from before it.
   */
  works: z.object({ id, title: z.string(), verified: z.boolean().optional() }),
});
export type ShelfItem = z.infer<typeof shelfItem>;

/**
 * A fractional-index key as the server hands them out (fractional-indexing's base-62 digits); only ever
 * compared, never interpreted by clients. Anything else cannot be one of ours and is refused.
 */
const sortKey = z
  .string()
  .min(1, 'sort_key is required')
  .max(200, 'sort_key is at most 200 characters')
  .regex(/^[0-9A-Za-z]*$/, 'is not a key from this API');

const pageSize = (fallback: number) =>
  z
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_SHELF_PAGE_SIZE, `limit is at most ${MAX_SHELF_PAGE_SIZE}`)
    .default(fallback);

/** A built-in shelf by its name ('To Be Read') or slug ('to-be-read'), case-insensitive. */
const builtinShelfName = text().trim().min(1, 'shelf_name is required').max(100);

const onePlace = <T extends { shelf_id?: string | undefined; shelf_name?: string | undefined }>(v: T) =>
  (v.shelf_id === undefined) !== (v.shelf_name === undefined);
const onePlaceError = { message: 'Give either shelf_id or shelf_name.', path: ['shelf_id'] };

export const shelvesEndpoints = {
  /** The caller's shelves: the five built-ins (created on first use) in spec order, then custom ones by name. */
  'list-shelves': endpoint('user', empty, z.array(shelf)),
  /** One page of an own shelf in sort_key order; `after` is the last sort_key of the previous page. */
  'get-shelf-items': endpoint(
    'user',
    z.object({ shelf_id: id, limit: pageSize(SHELF_PAGE_SIZE), after: sortKey.nullish() }),
    z.array(shelfItem),
  ),
  'create-shelf': endpoint(
    'user',
    z.object({
      name: text()
        .trim()
        .min(1, 'Shelf name is required.')
        .max(MAX_SHELF_NAME_LENGTH, `Shelf name is at most ${MAX_SHELF_NAME_LENGTH} characters.`),
    }),
    z.object({ id }),
  ),
  /** Idempotent: an edition is on a shelf at most once; a new item goes to the end of the shelf. */
  'add-to-shelf': endpoint(
    'user',
    z
      .object({
        shelf_id: id.optional(),
        shelf_name: builtinShelfName.optional(),
        edition_id: id,
        /** Optional; the work is taken from the edition, and a different work_id is refused. */
        work_id: id.optional(),
      })
      .refine(onePlace, onePlaceError),
    z.object({ shelf_id: id }),
  ),
  /**
   * Takes the edition off the shelf; ok also when it was not on it. With work_id (the edition's work), every
   * edition of the work comes off that shelf: 'Your Lists' ticks a shelf holding any of them.
   */
  'remove-from-shelf': endpoint(
    'user',
    z
      .object({
        shelf_id: id.optional(),
        shelf_name: builtinShelfName.optional(),
        edition_id: id,
        work_id: id.optional(),
      })
      .refine(onePlace, onePlaceError),
    ok,
  ),
  /** Removes the item with that sort_key; ok also when it was already gone. */
  'remove-shelf-item': endpoint('user', z.object({ shelf_id: id, sort_key: sortKey }), ok),
  /**
   * Moves the item to between `above` (the key of the item that will precede it, null for the top) and
   * `below` (the key that will follow it, null for the bottom). If another change made those neighbours
   * stale, the item goes right after `above` (or right before `below` when `above` is gone).
   */
  'reorder-shelf-item': endpoint(
    'user',
    z.object({ shelf_id: id, sort_key: sortKey, above: sortKey.nullable(), below: sortKey.nullable() }),
    z.object({ new_key: z.string() }),
  ),
  /**
   * Ids of the caller's shelves holding the edition; with work_id (the edition's work), those holding any
   * edition of the work (none when the edition is not the work's).
   */
  'edition-shelves': endpoint('user', z.object({ edition_id: id, work_id: id.optional() }), z.array(id)),
  /** Item count per shelf id, for every shelf the caller has (0 included). */
  'shelf-counts': endpoint('user', empty, z.object({ counts: z.record(id, z.number().int().nonnegative()) })),
  /** Any shelf, for anyone: its name, its owner's username and one page of items (default 100). */
  'public-shelf': endpoint(
    'public',
    z.object({ shelf_id: id, limit: pageSize(MAX_SHELF_PAGE_SIZE), after: sortKey.nullish() }),
    z.object({ shelf: z.object({ name: z.string(), username: z.string() }), items: z.array(shelfItem) }),
  ),
} satisfies Record<string, EndpointDef>;

// Finding a caller's own shelf, and creating the five built-ins (SPEC.md §3) on first use. Creation is an
// idempotent insert guarded by the unique (user_id, slug) index, so concurrent first calls cannot make two.
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import type { BuiltinShelfSlug } from '@shared/api/shelves';
import type { Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';

export const SHELF_NOT_FOUND = 'Shelf not found';

const builtinSlugs = BUILTIN_SHELVES.map((s) => s.slug);
const builtinNames = BUILTIN_SHELVES.map((s) => s.name);

/** Creates whichever of the caller's built-in shelves are missing; a no-op once they all exist. */
export async function ensureBuiltinShelves(q: Queryable, userId: string): Promise<void> {
  const have = await q.query<{ n: number }>(
    'select count(*)::int as n from public.shelves where user_id = $1 and slug is not null',
    [userId],
  );
  if ((have[0]?.n ?? 0) >= BUILTIN_SHELVES.length) return;
  // "on conflict do nothing" without a target also covers the per-user name index.
  await q.query(
    `insert into public.shelves (user_id, name, slug)
     select $1, b.name, b.slug from unnest($2::text[], $3::text[]) as b(name, slug)
     on conflict do nothing`,
    [userId, builtinNames, builtinSlugs],
  );
}

/** The slug of a built-in shelf named by its name or slug, case-insensitive; 400 for anything else. */
export function builtinSlugOf(shelfName: string): BuiltinShelfSlug {
  const wanted = shelfName.trim().toLowerCase();
  const match = BUILTIN_SHELVES.find((s) => s.slug === wanted || s.name.toLowerCase() === wanted);
  if (!match) {
    throw badRequest(`shelf_name must be one of the built-in shelves: ${builtinNames.join(', ')}.`);
  }
  return match.slug;
}

/** The caller's shelf id; someone else's shelf answers 404 exactly like a missing one, so ids cannot be probed. */
export async function requireOwnShelf(
  q: Queryable,
  userId: string,
  shelfId: string,
  lock = false,
): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `select id from public.shelves where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [shelfId, userId],
  );
  if (!rows[0]) throw notFound(SHELF_NOT_FOUND);
  return rows[0].id;
}

/** The caller's built-in shelf by name or slug, or null when it has not been created yet. */
export async function findBuiltinShelf(q: Queryable, userId: string, shelfName: string, lock = false) {
  const rows = await q.query<{ id: string }>(
    `select id from public.shelves where user_id = $1 and slug = $2${lock ? ' for update' : ''}`,
    [userId, builtinSlugOf(shelfName)],
  );
  return rows[0]?.id ?? null;
}

/** The caller's built-in shelf by name or slug, creating the built-ins first if needed. */
export async function ensureBuiltinShelf(q: Queryable, userId: string, shelfName: string, lock = false) {
  builtinSlugOf(shelfName);
  await ensureBuiltinShelves(q, userId);
  const id = await findBuiltinShelf(q, userId, shelfName, lock);
  if (!id) throw new Error(`built-in shelf ${shelfName} is missing after creating the built-ins`);
  return id;
}

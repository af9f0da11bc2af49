// Goodreads/StoryGraph shelf words and Shelfwise's built-in shelves (SPEC.md §3).
import { BUILTIN_SHELVES } from '../../api/shelves';
import type { BookStatus, ShelfPlacement } from './record';
import { matchKey } from './values';

const BUILTIN_NAME = Object.fromEntries(BUILTIN_SHELVES.map((s) => [s.slug, s.name])) as Record<
  string,
  string
>;

export const builtinPlacement = (slug: string, position: number | null = null): ShelfPlacement => ({
  slug,
  name: BUILTIN_NAME[slug] ?? slug,
  position,
});

/** The exclusive-status words of both services (and Shelfwise's own export), to a status. */
export function statusOf(word: string): BookStatus | null {
  switch (matchKey(word).replace(/ /g, '-')) {
    case 'read':
      return 'read';
    case 'currently-reading':
      return 'currently-reading';
    case 'to-read':
    case 'to-be-read':
      return 'to-read';
    case 'did-not-finish':
    case 'dnf':
      return 'dnf';
    case 'paused':
      return 'paused';
    default:
      return null;
  }
}

/** The built-in shelf a status lands on: dnf is on none (SPEC.md §4: it leaves Currently Reading). */
export function statusShelf(status: BookStatus | null): string | null {
  switch (status) {
    case 'read':
      return 'read';
    case 'currently-reading':
    case 'paused':
      return 'currently-reading';
    case 'to-read':
      return 'to-be-read';
    default:
      return null;
  }
}

/** Status words as both services write them. */
export function statusWord(status: BookStatus | null): string {
  return status === 'dnf' ? 'did-not-finish' : (status ?? 'to-read');
}

const FAVORITES = new Set(['favorites', 'favourites', 'favorite', 'favourite']);
export const isFavoritesShelf = (name: string) => FAVORITES.has(matchKey(name));
export const isOwnedShelf = (name: string) => matchKey(name) === 'owned';

/** A shelf list entry such as 'to-read (#20)': its name and position. */
export function shelfWithPosition(entry: string): { name: string; position: number | null } {
  const m = /^(.*?)\s*\(#(\d+)\)\s*$/.exec(entry);
  return m ? { name: (m[1] ?? '').trim(), position: Number(m[2]) } : { name: entry.trim(), position: null };
}

// /sf/ handlers of issue 26: Open Library's search and an author's works beside ours, the import of a
// picked work, and the reader's shelves for a page of results. Open Library's part never holds up our own
// results (the renderer asks for it in a call of its own) and is never kept in the public-read cache.
import { isIsbnQuery } from '@shared/domain/isbn';
import type { findBooksEndpoints } from '@shared/api/find-books';
import type { AreaHandlers, PublicContext } from '../../http/handler-context';
import { ApiError, notFound } from '../../http/errors';
import { OpenLibraryError } from '../../metadata/openlibrary';
import type { RemoteWork } from '../../metadata/openlibrary-search';
import { toRemoteHit, unheldWorks } from './remote-works';

const UNAVAILABLE = { status: 'unavailable' as const, results: [] };

/** Anonymous callers are counted per address, readers per account (a reader's budget is larger). */
async function withinLimit({ deps, user, ip }: PublicContext): Promise<void> {
  const allowed = user
    ? await deps.rateLimiter.take('openlibrary_user', user.userId)
    : await deps.rateLimiter.take('openlibrary_ip', ip);
  if (!allowed) {
    const message = user
      ? 'Too many Open Library requests. Please wait a minute.'
      : 'Too many Open Library searches. Please wait a minute, or sign in.';
    throw new ApiError(429, 'rate_limited', message);
  }
}

/** Asks Open Library for `load`'s list unless the caller is over its limit or the breaker is open. */
async function remote(ctx: PublicContext, load: () => Promise<RemoteWork[]>) {
  const { deps } = ctx;
  await withinLimit(ctx);
  if (deps.openLibrary.isOpen()) return UNAVAILABLE;
  let works: RemoteWork[];
  try {
    works = await load();
  } catch (err) {
    if (!(err instanceof OpenLibraryError)) throw err;
    return UNAVAILABLE;
  }
  const unheld = await unheldWorks(deps.db, works);
  return { status: 'ok' as const, results: unheld.map((w) => toRemoteHit(w, deps.config.publicUrl)) };
}

export const findBooksHandlers = {
  async 'search-openlibrary'({ query }, ctx) {
    // An ISBN is search-works' to import; an empty query asks nothing.
    if (query === '' || isIsbnQuery(query)) return { status: 'ok', results: [] };
    return remote(ctx, () => ctx.deps.openLibrary.searchWorks(query));
  },

  async 'author-openlibrary-works'({ author_id }, ctx) {
    const [author] = await ctx.deps.db.query<{ name: string; ol_key: string | null }>(
      'select name, ol_key from public.authors where id = $1',
      [author_id],
    );
    if (!author) throw notFound('Author not found');
    const { name, ol_key: key } = author;
    // An author of the demo catalogue or of a reader's import has no key: their works are found by name.
    return remote(ctx, async () =>
      key
        ? ctx.deps.openLibrary.authorWorks(key, name)
        : (await ctx.deps.openLibrary.searchWorks(name)).filter((w) => w.authorNames.includes(name)),
    );
  },

  async 'import-openlibrary-work'({ ol_key }, ctx) {
    await withinLimit(ctx);
    const workId = await ctx.deps.catalogue.importPicked(ol_key);
    if (!workId) throw notFound('Open Library has no such work.');
    return { work_id: workId };
  },

  async 'works-shelf-status'({ work_ids }, { deps, user }) {
    if (work_ids.length === 0) return { works: [] };
    const rows = await deps.db.query<{ work_id: string; id: string; name: string; slug: string | null }>(
      `select distinct si.work_id, s.id, s.name, s.slug
       from public.shelf_items si join public.shelves s on s.id = si.shelf_id
       where s.user_id = $1 and si.work_id = any($2::uuid[])
       order by si.work_id, s.name`,
      [user.userId, work_ids],
    );
    const works = new Map<string, { id: string; name: string; slug: string | null }[]>();
    for (const r of rows)
      works.set(r.work_id, [...(works.get(r.work_id) ?? []), { id: r.id, name: r.name, slug: r.slug }]);
    return { works: [...works].map(([work_id, shelves]) => ({ work_id, shelves })) };
  },
} satisfies AreaHandlers<typeof findBooksEndpoints>;

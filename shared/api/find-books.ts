// Finding any book (issue 26): Open Library's results beside our own, importing the one a reader picks, an
// author's other works on Open Library, and the reader's shelves for a page of search results.
import { z } from 'zod';
import { endpoint, id, searchQuery, text } from './common';

/** Open Library's work keys; nothing else is ever sent on to it. */
export const OL_WORK_KEY = /^\/works\/OL\d{1,12}W$/;

/** A book Open Library knows and our catalogue does not hold yet. */
export const remoteHit = z.object({
  ol_key: z.string(),
  title: z.string(),
  author_names: z.string(),
  first_publish_year: z.number().int().nullable(),
  /** On our own origin, like every cover. */
  cover_url: z.string().nullable(),
  edition_count: z.number().int().nullable(),
});

/**
 * 'unavailable': Open Library is slow, down or refusing us (our results stand without its part). The call
 * answers that quickly once our circuit breaker has opened.
 */
const remoteAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  results: z.array(remoteHit),
});

export const shelfStatus = z.object({
  work_id: id,
  shelves: z.array(z.object({ id, name: z.string(), slug: z.string().nullable() })),
});

export const findBooksEndpoints = {
  /** Open Library's search for a title or author, without what we hold; none for an ISBN (search-works). */
  'search-openlibrary': endpoint('public', z.object({ query: searchQuery }), remoteAnswer),
  /** Open Library's other works of an author of ours, without what we hold. */
  'author-openlibrary-works': endpoint('public', z.object({ author_id: id }), remoteAnswer),
  /** Imports a picked Open Library work (or answers the one we hold): its work page's id. */
  'import-openlibrary-work': endpoint(
    'user',
    z.object({
      ol_key: text()
        .max(40, 'ol_key is at most 40 characters')
        .regex(OL_WORK_KEY, 'ol_key must be an Open Library work key such as /works/OL45804W'),
    }),
    z.object({ work_id: id }),
  ),
  /** The caller's shelves holding an edition of each of these works (a page of search results). */
  'works-shelf-status': endpoint(
    'user',
    z.object({ work_ids: z.array(id).max(50, 'work_ids holds at most 50 ids') }),
    z.object({ works: z.array(shelfStatus) }),
  ),
};

// Contracts of the catalogue reads (SPEC.md §7) and the named endpoints that stand in for the spec's
// direct table reads of works, editions and authors.
import { z } from 'zod';
import { authorRef, endpoint, id, searchQuery } from './common';

const isoDate = z.string().nullable();

export const work = z.object({
  id,
  title: z.string(),
  checked_full_metadata: z.boolean(),
  rating_count: z.number().int(),
  rating_sum: z.number(),
  date: isoDate,
  date_string: z.string().nullable(),
  date_is_locked: z.boolean(),
  primary_edition_id: id.nullable(),
  primary_edition_locked: z.boolean(),
  work_authors: z.array(authorRef),
  /** The series the work belongs to and its place in it ("Earthsea Cycle", "1"); null when none is known. */
  series: z.object({ name: z.string(), position: z.string().nullable() }).nullable(),
});

export const genre = z.object({ id: z.number().int(), name: z.string() });

export const editionSummary = z.object({
  id,
  title: z.string(),
  isbn: z.string().nullable(),
  publisher: z.string().nullable(),
  date: isoDate,
  date_string: z.string().nullable(),
  page_count: z.number().int().nullable(),
  format: z.string().nullable(),
  cover_url: z.string().nullable(),
  edition_authors: z.array(authorRef),
});

export const editionDetails = editionSummary.extend({
  description: z.string().nullable(),
  checked_full_metadata: z.boolean(),
  year: z.number().int().nullable(),
  isbn10: z.string().nullable(),
  isbn13: z.string().nullable(),
  edition_works: z.array(z.object({ work_id: id })),
});

export const searchHit = z.object({
  work_id: id,
  work_title: z.string(),
  author_names: z.string(),
  rank: z.number(),
});

/** A search-works result: a hit with what readers decide by (issue 26). */
export const searchWorkHit = searchHit.extend({
  /** The edition a shelf button adds. */
  primary_edition_id: id.nullable(),
  cover_url: z.string().nullable(),
  first_publish_year: z.number().int().nullable(),
  rating_count: z.number().int(),
  /** rating_sum / rating_count, null when nobody has rated the work. */
  rating_average: z.number().nullable(),
});

export const authorHit = z.object({
  id,
  name: z.string(),
  works_count: z.number().int(),
  sample_work: z.object({ id, title: z.string() }).nullable(),
});

export const authorWork = z.object({
  id,
  title: z.string(),
  date_string: z.string().nullable(),
  cover_url: z.string().nullable(),
});

const byWork = z.object({ work_id: id });
const byEdition = z.object({ edition_id: id });

export const catalogueEndpoints = {
  'work-details': endpoint('public', byWork, work),
  'work-genres': endpoint('public', byWork, z.object({ genres: z.array(genre) })),
  'work-editions': endpoint(
    'public',
    byWork,
    z.object({ editions: z.array(editionSummary), primary_edition_id: id.nullable() }),
  ),
  'edition-details': endpoint('public', byEdition, editionDetails),
  'edition-metadata': endpoint(
    'public',
    byEdition,
    z.object({ description: z.string().nullable(), page_count: z.number().int().nullable() }),
  ),
  'edition-cover': endpoint('public', byEdition, z.object({ cover_url: z.string().nullable() })),
  'author-details': endpoint(
    'public',
    z.object({ author_id: id }),
    z.object({ id, name: z.string(), works: z.array(authorWork) }),
  ),
  'search-works': endpoint(
    'public',
    z.object({ query: searchQuery }),
    z.object({ results: z.array(searchWorkHit), new_isbn_added: z.boolean() }),
  ),
  'search-authors': endpoint(
    'public',
    z.object({ query: searchQuery }),
    z.object({ results: z.array(authorHit) }),
  ),
  'check-isbn': endpoint(
    'public',
    z.object({ query: searchQuery }),
    z.object({ isbn: z.string().nullable(), exists: z.boolean() }),
  ),
};

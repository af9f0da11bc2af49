// Work and author search (ARCHITECTURE.md "Catalogue and metadata"): full text over the stored weighted
// tsvector first; when that finds nothing (a misspelling, a query of stop words only), trigram similarity
// over the unaccented title and author text.
import type { Db, Queryable } from '../../db/db';

export const SEARCH_LIMIT = 50;
/** Lower than pg_trgm's 0.6 default so one wrong letter in a short word still matches. */
const WORD_SIMILARITY_THRESHOLD = 0.45;

export interface SearchHit {
  work_id: string;
  work_title: string;
  author_names: string;
  rank: number;
}

export async function searchWorksFullText(
  db: Queryable,
  query: string,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[]> {
  return db.query<SearchHit>(
    `select w.id as work_id, w.title as work_title, w.author_names, ts_rank(w.search_vector, q) as rank
     from public.works w, websearch_to_tsquery('english', public.f_unaccent($1)) q
     where w.search_vector @@ q
     order by rank desc, w.rating_count desc, w.id
     limit $2`,
    [query, limit],
  );
}

/** Runs a trigram query with our threshold; the GIN index honours only the setting, not a WHERE bound. */
function withSimilarityThreshold<T>(db: Db, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
      String(WORD_SIMILARITY_THRESHOLD),
    ]);
    return run(tx);
  });
}

export async function searchWorksFuzzy(db: Db, query: string, limit = SEARCH_LIMIT): Promise<SearchHit[]> {
  return withSimilarityThreshold(db, (tx) =>
    tx.query<SearchHit>(
      `with p as (select public.f_unaccent(lower($1)) as text)
       select w.id as work_id, w.title as work_title, w.author_names,
              word_similarity(p.text, w.search_text) as rank
       from public.works w, p
       where p.text <% w.search_text
       order by rank desc, w.rating_count desc, w.id
       limit $2`,
      [query, limit],
    ),
  );
}

export async function searchWorks(db: Db, query: string): Promise<SearchHit[]> {
  const hits = await searchWorksFullText(db, query);
  return hits.length > 0 ? hits : searchWorksFuzzy(db, query);
}

export async function findWorkByIsbn(db: Queryable, isbn13: string): Promise<SearchHit[]> {
  return db.query<SearchHit>(
    `select w.id as work_id, w.title as work_title, w.author_names, 1::real as rank
     from public.editions e join public.works w on w.id = e.work_id
     where e.isbn = $1`,
    [isbn13],
  );
}

export interface AuthorHit {
  id: string;
  name: string;
  works_count: number;
  sample_work: { id: string; title: string } | null;
}

// The LIKE pattern is built here; accents are folded the way unaccent folds the common ones.
const likePattern = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function searchAuthors(db: Db, query: string, limit = 20): Promise<AuthorHit[]> {
  return withSimilarityThreshold(db, (tx) =>
    tx.query<AuthorHit>(
      `with p as (select public.f_unaccent(lower($1)) as text)
     select a.id, a.name,
            (select count(*) from public.work_authors wa where wa.author_id = a.id) as works_count,
            (select json_build_object('id', w.id, 'title', w.title)
             from public.work_authors wa join public.works w on w.id = wa.work_id
             where wa.author_id = a.id order by w.rating_count desc, w.title limit 1) as sample_work
     from public.authors a, p
     where public.f_unaccent(lower(a.name)) like '%' || $2 || '%' or p.text <% public.f_unaccent(lower(a.name))
     order by word_similarity(p.text, public.f_unaccent(lower(a.name))) desc, a.name, a.id
     limit $3`,
      [query, likePattern(query), limit],
    ),
  );
}

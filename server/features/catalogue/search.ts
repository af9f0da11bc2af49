// Work and author search (ARCHITECTURE.md "Catalogue and metadata"): full text over the stored weighted
// tsvector first; when that finds nothing (a misspelling, a query of stop words only), each query word is
// replaced by the catalogue words nearest to it by trigram similarity (public.search_words, migration
// 0030) and the corrected query goes through full text again.
import type { Db, Queryable } from '../../db/db';
import { VERIFIED_WORK_SQL } from './visibility';

export const SEARCH_LIMIT = 50;
/**
 * How many matches are ranked at most. A common word matches a tenth of a large catalogue; ranking all of
 * them costs time in proportion (100,000 rows for one word at 1,000,000 works) for a page of 50 whose
 * ranks are nearly all equal. The first CANDIDATE_LIMIT matches the index yields are ranked instead, so a
 * query costs at most that much; any query with fewer matches is ranked exactly as before.
 */
export const CANDIDATE_LIMIT = 200;
/** Lower than pg_trgm's 0.6 default so one wrong letter in a short word still matches. */
const WORD_SIMILARITY_THRESHOLD = 0.45;
/** At most this many equally near catalogue words replace a misspelt word; pg_trgm's default threshold. */
const CORRECTIONS_PER_WORD = 3;
const CORRECTION_SIMILARITY_THRESHOLD = 0.3;
/** Words of a query that are corrected; a title search has no more. */
const MAX_CORRECTED_WORDS = 12;

export interface SearchHit {
  work_id: string;
  work_title: string;
  author_names: string;
  rank: number;
}

/** Ranks the first CANDIDATE_LIMIT works matching `tsquerySql`, an expression over $1. */
const rankedMatches = (tsquerySql: string) => `
  select c.id as work_id, c.title as work_title, c.author_names, ts_rank(c.search_vector, c.q) as rank
  from (select w.id, w.title, w.author_names, w.search_vector, w.rating_count, q
        from (select ${tsquerySql} as q) query, public.works w
        where w.search_vector @@ q and ${VERIFIED_WORK_SQL('w')}
        limit $3) c
  order by rank desc, c.rating_count desc, c.id
  limit $2`;

/**
 * The query as websearch_to_tsquery reads it. A hyphen negates the word it touches ('-prejudice'); a
 * hyphen that touches no word is punctuation and becomes a space. Left in, each such hyphen pushes a NOT
 * with nothing to negate onto the parser's fixed 32-deep stack, so 33 of them ('- - - ...', or a run of
 * dashes: unaccent turns en, em and minus dashes into '-') failed with 'tsquery stack too small'. Runs
 * after unaccent, so those dashes are caught too.
 */
const WEBSEARCH_TEXT = `regexp_replace(public.f_unaccent($1), '-+(?![[:alnum:]])', ' ', 'g')`;

export async function searchWorksFullText(
  db: Queryable,
  query: string,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[]> {
  return db.query<SearchHit>(rankedMatches(`websearch_to_tsquery('english', ${WEBSEARCH_TEXT})`), [
    query,
    limit,
    CANDIDATE_LIMIT,
  ]);
}

/**
 * Two tsqueries from the query's words: each word (unaccented, lower-case) that is a catalogue word stays
 * as it is, any other is replaced by its nearest catalogue word (or the equally near ones, ORed); then all
 * words required, and any word. Words with no near catalogue word are left out. Built from quoted
 * literals only, so no query text can inject tsquery syntax. They are answered as text and sent back as a
 * parameter, so the planner sees the actual words when it chooses between the full-text index and a scan.
 */
const CORRECTED_TSQUERIES = `
  select to_tsquery('english', coalesce(string_agg('(' || alternatives || ')', ' & '), ''))::text as all_words,
         to_tsquery('english', coalesce(string_agg('(' || alternatives || ')', ' | '), ''))::text as any_word
  from (select string_agg(quote_literal(x.word), ' | ') as alternatives
         from (select t.word, t.ord, t.distance, min(t.distance) over (partition by t.ord) as best
               from (select * from regexp_split_to_table(public.f_unaccent(lower($1)), '[^[:alnum:]]+')
                       with ordinality q(text, ord) limit ${MAX_CORRECTED_WORDS}) q
               -- A catalogue word is found by its key and never corrected; only the others take the index.
               cross join lateral (
                 select sw.word, q.ord, 0::real as distance from public.search_words sw where sw.word = q.text
                 union all
                 (select sw.word, q.ord, sw.word <-> q.text from public.search_words sw
                  where sw.word % q.text
                    and not exists (select 1 from public.search_words known where known.word = q.text)
                  order by sw.word <-> q.text, sw.word
                  limit ${CORRECTIONS_PER_WORD})) t
               where char_length(q.text) >= 2) x
         where x.distance = x.best
         group by x.ord) per_word`;

/** Runs a trigram query with our threshold; the GIN index honours only the setting, not a WHERE bound. */
function withSimilarityThreshold<T>(db: Db, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
      String(WORD_SIMILARITY_THRESHOLD),
    ]);
    return run(tx);
  });
}

/**
 * The corrections, through the words' trigram index. The planner's estimate for `%` is a fixed guess, so
 * on a words table of a few thousand rows it picks a scan that computes the similarity of every word (tens
 * of milliseconds) over the index (under one); index lookups are forced for this one statement. Its cost
 * estimate is also far above the real cost (a guessed 1,000 words per query), which would have PostgreSQL
 * JIT-compile it for half a second: JIT is off for it too.
 */
async function correctedTsqueries(db: Db, query: string) {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('pg_trgm.similarity_threshold', $1, true), set_config('enable_seqscan', 'off', true),
              set_config('jit', 'off', true)`,
      [String(CORRECTION_SIMILARITY_THRESHOLD)],
    );
    const [row] = await tx.query<{ all_words: string; any_word: string }>(CORRECTED_TSQUERIES, [query]);
    return row;
  });
}

/** Misspellings: every word corrected and all of them required, else any corrected word. */
export async function searchWorksFuzzy(db: Db, query: string, limit = SEARCH_LIMIT): Promise<SearchHit[]> {
  const corrected = await correctedTsqueries(db, query);
  for (const tsquery of [corrected?.all_words, corrected?.any_word]) {
    if (!tsquery) continue;
    const hits = await db.query<SearchHit>(rankedMatches('$1::tsquery'), [tsquery, limit, CANDIDATE_LIMIT]);
    if (hits.length > 0) return hits;
  }
  return [];
}

export async function searchWorks(db: Db, query: string): Promise<SearchHit[]> {
  const hits = await searchWorksFullText(db, query);
  return hits.length > 0 ? hits : searchWorksFuzzy(db, query);
}

export async function findWorkByIsbn(db: Queryable, isbn13: string): Promise<SearchHit[]> {
  return db.query<SearchHit>(
    `select w.id as work_id, w.title as work_title, w.author_names, 1::real as rank
     from public.editions e join public.works w on w.id = e.work_id
     where e.isbn = $1 and ${VERIFIED_WORK_SQL('w')}`,
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

const AUTHOR_OF_UNVERIFIED_ONLY_SQL = `(
  exists (select 1 from public.work_authors wa where wa.author_id = a.id)
  and not exists (select 1 from public.work_authors wa join public.works w on w.id = wa.work_id
                  where wa.author_id = a.id and ${VERIFIED_WORK_SQL('w')}))`;

export async function searchAuthors(db: Db, query: string, limit = 20): Promise<AuthorHit[]> {
  return withSimilarityThreshold(db, (tx) =>
    tx.query<AuthorHit>(
      `with p as (select public.f_unaccent(lower($1)) as text)
     select a.id, a.name,
            (select count(*) from public.work_authors wa join public.works w on w.id = wa.work_id
             where wa.author_id = a.id and ${VERIFIED_WORK_SQL('w')}) as works_count,
            (select json_build_object('id', w.id, 'title', w.title)
             from public.work_authors wa join public.works w on w.id = wa.work_id
             where wa.author_id = a.id and ${VERIFIED_WORK_SQL('w')}
             order by w.rating_count desc, w.title limit 1) as sample_work
     from public.authors a, p
     where (public.f_unaccent(lower(a.name)) like '%' || $2 || '%' or p.text <% public.f_unaccent(lower(a.name)))
       -- An author known only from readers' unverified works is theirs, not the catalogue's.
       and not ${AUTHOR_OF_UNVERIFIED_ONLY_SQL}
     order by word_similarity(p.text, public.f_unaccent(lower(a.name))) desc, a.name, a.id
     limit $3`,
      [query, likePattern(query), limit],
    ),
  );
}

// Open Library subjects are free text from many cataloguers (LCSH headings, BISAC strings, user tags).
// We collapse them onto the small genre vocabulary the catalogue shows as badges.

export const GENRES = [
  'Classics',
  'Literary Fiction',
  'Science Fiction',
  'Fantasy',
  'Mystery',
  'Thriller',
  'Romance',
  'Horror',
  'Historical Fiction',
  'Young Adult',
  "Children's",
  'Poetry',
  'Drama',
  'Biography',
  'Memoir',
  'History',
  'Philosophy',
  'Science',
  'Self-Help',
  'Humor',
  'Adventure',
  'Dystopian',
  'Short Stories',
  'Nonfiction',
  'Graphic Novel',
] as const;

export type Genre = (typeof GENRES)[number];

export const MAX_GENRES = 3;

interface Rule {
  genre: Genre;
  match: RegExp;
  unless?: RegExp;
  // Nonfiction genres are dropped for novels: a novel's "Space flight" or "History" subject describes its
  // setting, not its shelf.
  nonfiction?: boolean;
  // Weak signals ("Fiction, general") only count when nothing more specific matched.
  fallback?: boolean;
}

// Loose keywords ("magic", "murder", "space flight") are only trusted inside a subject that also says
// fiction, because the same headings are used for nonfiction about those topics.
const F = String.raw`.*\bfiction\b`;

// Order breaks ties between genres matched by the same number of subjects, so it runs roughly from the
// most to the least specific.
const RULES: readonly Rule[] = [
  {
    genre: 'Science Fiction',
    match: new RegExp(
      String.raw`science[- ]fiction|\bsci-?fi\b|space opera|cyberpunk|` +
        String.raw`(life on other planets|extraterrestrial|interplanetary voyages|time travel|space flight|robots|artificial intelligence)${F}`,
    ),
  },
  {
    genre: 'Fantasy',
    match: new RegExp(
      String.raw`fantasy|sword and sorcery|(magic|wizards|dragons|witches|elves|imaginary places)${F}`,
    ),
  },
  {
    genre: 'Horror',
    match: new RegExp(
      String.raw`horror|ghost stories|(vampires|zombies|werewolves|haunted houses|supernatural)${F}`,
    ),
  },
  {
    genre: 'Mystery',
    match: new RegExp(String.raw`myster(y|ies)|detective|whodunit|(private investigators|murder|police)${F}`),
  },
  {
    genre: 'Thriller',
    match: new RegExp(String.raw`thriller|suspense|espionage|spy stories|(spies|terrorism|assassins)${F}`),
  },
  {
    genre: 'Romance',
    match: new RegExp(
      String.raw`\bromance(?!\s+(languages?|philology))|love stories|(man-woman relationships|courtship|\blove\b)${F}`,
    ),
  },
  {
    genre: 'Historical Fiction',
    match: /historical (fiction|novels?)|fiction, historical|\bhistory\b.*\b(fiction|novels?)\b/,
  },
  { genre: 'Dystopian', match: new RegExp(String.raw`dystopi|post-?apocalyptic|totalitarianism${F}`) },
  {
    genre: 'Adventure',
    match: new RegExp(String.raw`adventure|sea stories|(survival|shipwrecks|pirates)${F}`),
  },
  { genre: 'Humor', match: /humou?r|satir|parod|comic (novels?|fiction)/ },
  { genre: 'Graphic Novel', match: /comic books|\bcomics\b|graphic novels?|\bmanga\b/ },
  { genre: 'Short Stories', match: /short stories|short fiction/ },
  { genre: 'Poetry', match: /poetry|\bpoems\b|\bverse\b|sonnets|haiku/ },
  { genre: 'Drama', match: /\bdrama\b|\bplays\b|tragedies|\bcomedies\b/ },
  { genre: 'Young Adult', match: new RegExp(String.raw`young adult|(teenagers?|teenage|adolescen\w*)${F}`) },
  {
    genre: "Children's",
    match:
      /juvenile (fiction|literature|poetry)|children'?s (fiction|literature|stories|books|poetry)|picture books|nursery rhymes/,
  },
  { genre: 'Classics', match: /\bclassics?\b|classical (literature|greek|latin)/ },
  { genre: 'Biography', match: /biograph/, unless: /autobiograph|fiction|novel/, nonfiction: true },
  { genre: 'Memoir', match: /memoir|autobiograph|personal narratives|diaries/, unless: /fiction|novel/ },
  {
    genre: 'History',
    match: /\bhistory\b|historiography/,
    unless: /fiction|novel|stories/,
    nonfiction: true,
  },
  {
    genre: 'Philosophy',
    match: /philosoph|\bethics\b|metaphysics|existentialism|stoic|epistemology/,
    nonfiction: true,
  },
  {
    genre: 'Science',
    match: /\bsciences?\b|physics|biology|chemistry|astronomy|mathematics|cosmology|neuroscience|genetics/,
    unless: /fiction|political science|social science|library science/,
    nonfiction: true,
  },
  {
    genre: 'Self-Help',
    match: /self-help|self-?improvement|self-?actualization|personal development|conduct of life|happiness/,
    unless: /fiction/,
    nonfiction: true,
  },
  { genre: 'Literary Fiction', match: /fiction, literary|literary fiction/ },
  {
    genre: 'Literary Fiction',
    match: /^fiction, general$|^general fiction$|psychological fiction|domestic fiction|bildungsroman/,
    fallback: true,
  },
  { genre: 'Nonfiction', match: /non-?fiction/, fallback: true, nonfiction: true },
];

const FICTION = /\bfiction\b|\bnovels?\b|\bstories\b/;
const NONFICTION = /non-?fiction/;
// Criticism headings are about literature, not of it ("Science fiction -- History and criticism").
const CRITICISM = /criticism|study and teaching/;

export function mapSubjectsToGenres(subjects: string[]): string[] {
  const normalised = [...new Set(subjects.map((s) => s.trim().toLowerCase().replace(/\s+/g, ' ')))].filter(
    (s) => s && !CRITICISM.test(s),
  );
  const isFiction = normalised.some((s) => FICTION.test(s) && !NONFICTION.test(s));

  const counts = new Map<Genre, { count: number; order: number; fallback: boolean }>();
  RULES.forEach((rule, order) => {
    if (rule.nonfiction && isFiction) return;
    const hits = normalised.filter((s) => rule.match.test(s) && !rule.unless?.test(s)).length;
    if (hits === 0) return;
    const seen = counts.get(rule.genre);
    if (!seen) counts.set(rule.genre, { count: hits, order, fallback: Boolean(rule.fallback) });
    else
      counts.set(rule.genre, {
        ...seen,
        count: seen.count + hits,
        fallback: seen.fallback && !!rule.fallback,
      });
  });

  // Teen novels are routinely also tagged "Juvenile fiction"; the narrower shelf wins.
  if (counts.has('Young Adult')) counts.delete("Children's");

  let ranked = [...counts.entries()];
  if (ranked.some(([, v]) => !v.fallback)) ranked = ranked.filter(([, v]) => !v.fallback);
  return ranked
    .sort(([, a], [, b]) => b.count - a.count || a.order - b.order)
    .slice(0, MAX_GENRES)
    .map(([genre]) => genre);
}

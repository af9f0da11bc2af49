import { mapSubjectsToGenres } from './genre-map';

export interface ImportedAuthor {
  name: string;
  olKey: string;
}
export interface ImportedWork {
  olKey: string;
  title: string;
  description: string | null;
  firstPublished: string | null;
  dateString: string | null;
  subjects: string[];
  genres: string[];
}
export interface ImportedEdition {
  olKey: string;
  // Empty only when fetchEdition meets an edition that Open Library lists without any ISBN.
  isbn13: string;
  title: string;
  publisher: string | null;
  date: string | null;
  dateString: string | null;
  pageCount: number | null;
  format: string | null;
  description: string | null;
  coverUrl: string | null;
}
export interface ImportedBook {
  edition: ImportedEdition;
  work: ImportedWork;
  authors: ImportedAuthor[];
}

export type OpenLibraryErrorCode = 'unreachable' | 'bad_response';

export class OpenLibraryError extends Error {
  readonly code: OpenLibraryErrorCode;
  constructor(code: OpenLibraryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpenLibraryError';
    this.code = code;
  }
}

export interface OpenLibraryConfig {
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
}

export interface OpenLibraryClient {
  fetchByIsbn(isbn13: string): Promise<ImportedBook | null>;
  // Keys are accepted bare ("OL123W") or as Open Library writes them ("/works/OL123W").
  fetchWork(workKey: string): Promise<ImportedWork | null>;
  fetchEdition(editionKey: string): Promise<ImportedEdition | null>;
}

const MAX_REDIRECT_HOPS = 3;
const KEY_PATTERNS = {
  books: /^\/books\/OL\d+M$/,
  works: /^\/works\/OL\d+W$/,
  authors: /^\/authors\/OL\d+A$/,
} as const;
type Kind = keyof typeof KEY_PATTERNS;
type Json = Record<string, unknown>;

export function createOpenLibraryClient(config: OpenLibraryConfig): OpenLibraryClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 8000;
  const doFetch = config.fetch ?? globalThis.fetch;
  const memo = createMemo(config.cacheTtlMs ?? 10 * 60 * 1000, config.cacheMaxEntries ?? 1000);
  const headers = { 'User-Agent': config.userAgent, Accept: 'application/json' };

  // Resolves to null on 404 so callers can tell "no such record" from a broken service.
  async function getJson(path: string): Promise<unknown> {
    const init = { headers, redirect: 'follow' as const, signal: AbortSignal.timeout(timeoutMs) };
    const res = await doFetch(`${baseUrl}${path}`, init).catch((err: unknown) => {
      throw unreachable(err, timeoutMs);
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 404) return null;
      if (res.status >= 500 || res.status === 429) {
        throw new OpenLibraryError('unreachable', `Open Library could not be reached (HTTP ${res.status})`);
      }
      throw badResponse(`HTTP ${res.status} for ${path}`);
    }
    const body = await res.text().catch((err: unknown) => {
      throw unreachable(err, timeoutMs);
    });
    try {
      return JSON.parse(body);
    } catch {
      throw badResponse(`${path} did not answer JSON`);
    }
  }

  // Merged records stay behind as {"type": {"key": "/type/redirect"}, "location": ...}.
  async function followRedirects(first: unknown, kind: Kind, origin: string): Promise<Json | null> {
    let body = first;
    for (let hop = 0; ; hop++) {
      if (body === null) return null;
      if (!isRecord(body)) throw badResponse(`${origin} is not a JSON object`);
      if (!isRecord(body.type) || body.type.key !== '/type/redirect') return body;
      if (hop === MAX_REDIRECT_HOPS)
        throw badResponse(`${origin} redirects more than ${MAX_REDIRECT_HOPS} times`);
      const location = str(body.location);
      if (!location || !KEY_PATTERNS[kind].test(location))
        throw badResponse(`${origin} redirects to an invalid key`);
      body = await getJson(`${location}.json`);
    }
  }

  const getRecord = async (key: string, kind: Kind) =>
    followRedirects(await getJson(`${key}.json`), kind, key);

  async function loadAuthors(keys: string[]): Promise<ImportedAuthor[]> {
    const records = await Promise.all(keys.map((key) => getRecord(key, 'authors')));
    const authors = new Map<string, ImportedAuthor>();
    for (const record of records) {
      const olKey = record && str(record.key);
      const name = record && (str(record.name) ?? str(record.personal_name));
      // Two keys can redirect to one merged author; a deleted author is left out rather than failing the book.
      if (olKey && name && !authors.has(olKey)) authors.set(olKey, { name, olKey });
    }
    return [...authors.values()];
  }

  function byKey<T>(raw: string, kind: Kind, convert: (record: Json) => T): Promise<T | null> {
    const key = toKey(raw, kind);
    if (!key) return Promise.resolve(null);
    return memo(`${kind}:${key}`, async () => {
      const record = await getRecord(key, kind);
      return record && convert(record);
    });
  }

  return {
    fetchByIsbn(isbn) {
      const isbn13 = toIsbn13(isbn);
      if (!isbn13) return Promise.resolve(null);
      return memo(`isbn:${isbn13}`, async () => {
        const path = `/isbn/${isbn13}`;
        const edition = await followRedirects(await getJson(`${path}.json`), 'books', path);
        if (!edition) return null;
        const workKey = refKeys(edition.works).find((k) => KEY_PATTERNS.works.test(k));
        if (!workKey) throw badResponse(`edition ${String(edition.key)} has no work`);
        const work = await getRecord(workKey, 'works');
        if (!work) throw badResponse(`work ${workKey} of edition ${String(edition.key)} is missing`);
        // The work lists the canonical authors; editions are not always updated when authors are merged.
        const workAuthors = refKeys(arr(work.authors).map((a) => (isRecord(a) ? a.author : null)));
        const keys = (workAuthors.length ? workAuthors : refKeys(edition.authors)).filter((k) =>
          KEY_PATTERNS.authors.test(k),
        );
        const authors = await loadAuthors([...new Set(keys)]);
        return { edition: toEdition(edition, isbn13), work: toWork(work), authors };
      });
    },
    fetchWork: (workKey) => byKey(workKey, 'works', toWork),
    fetchEdition: (editionKey) => byKey(editionKey, 'books', (record) => toEdition(record, null)),
  };
}

// Shares one in-flight load per key and keeps settled values (null included) for ttlMs; failures are not
// cached so the next call retries. Map insertion order doubles as the eviction order.
function createMemo(ttlMs: number, maxEntries: number) {
  const cache = new Map<string, { value: unknown; expires: number }>();
  const inflight = new Map<string, Promise<unknown>>();
  return function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    // Callers get their own copy so one of them editing a result cannot change what the next one sees.
    const copy = (value: unknown) => structuredClone(value) as T;
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(copy(hit.value));
    cache.delete(key);
    let pending = inflight.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const value = await load();
          if (ttlMs > 0 && maxEntries > 0) {
            cache.set(key, { value, expires: Date.now() + ttlMs });
            for (const oldest of cache.keys()) {
              if (cache.size <= maxEntries) break;
              cache.delete(oldest);
            }
          }
          return value;
        } finally {
          inflight.delete(key);
        }
      })();
      inflight.set(key, pending);
    }
    return pending.then(copy);
  };
}

function toEdition(record: Json, requestedIsbn13: string | null): ImportedEdition {
  const olKey = str(record.key);
  const title = str(record.title);
  if (!olKey || !title) throw badResponse(`edition ${olKey ?? '(no key)'} has no key or title`);
  const subtitle = str(record.subtitle);
  const dateString = str(record.publish_date);
  const listed = [...strings(record.isbn_13), ...strings(record.isbn_10)]
    .map(toIsbn13)
    .filter((isbn): isbn is string => isbn !== null);
  // Open Library found this edition by the ISBN we asked for, so it is the most precise one to keep.
  const isbn13 = requestedIsbn13 && listed.includes(requestedIsbn13) ? requestedIsbn13 : listed[0];
  return {
    olKey,
    isbn13: isbn13 ?? requestedIsbn13 ?? '',
    title: subtitle ? `${title}: ${subtitle}` : title,
    publisher: strings(record.publishers)[0] ?? null,
    date: dateString && parsePublishDate(dateString),
    dateString,
    pageCount: positiveInt(record.number_of_pages) ?? parsePagination(str(record.pagination)),
    format: mapPhysicalFormat(str(record.physical_format)),
    description: text(record.description),
    coverUrl: coverUrl(record.covers),
  };
}

function toWork(record: Json): ImportedWork {
  const olKey = str(record.key);
  const title = str(record.title);
  if (!olKey || !title) throw badResponse(`work ${olKey ?? '(no key)'} has no key or title`);
  const subjects = strings(record.subjects);
  const dateString = str(record.first_publish_date);
  return {
    olKey,
    title,
    description: text(record.description),
    firstPublished: dateString && parsePublishDate(dateString),
    dateString,
    subjects,
    genres: mapSubjectsToGenres(subjects),
  };
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

// Matching on the first three letters also accepts "Sept." and most European spellings ("Juni", "Marzo").
function monthNumber(name: string): number | null {
  if (/^\d{1,2}$/.test(name)) return Number(name);
  const index = name.length >= 3 ? MONTHS.indexOf(name.slice(0, 3).toLowerCase()) : -1;
  return index === -1 ? null : index + 1;
}

function isoDate(year: number, month: number, day: number): string | null {
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.toISOString().startsWith(iso) ? iso : null;
}

// Each pattern lists which capture groups hold the year, month and (optionally) day.
const DATE_PATTERNS: [RegExp, number, number, number?][] = [
  [/^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/, 1, 2, 3],
  [/^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i, 3, 1, 2],
  [/^(\d{1,2}) ([a-z]+\.?),? (\d{4})$/i, 3, 2, 1],
  [/^([a-z]+\.?),? (\d{4})$/i, 2, 1],
];

/** Free-text publish dates ("April 29, 2003", "Apr 2003", "c1999") to YYYY-MM-DD; a bare year becomes Jan 1. */
export function parsePublishDate(input: string): string | null {
  const s = input.trim().replace(/\s+/g, ' ');
  for (const [pattern, y, mo, d] of DATE_PATTERNS) {
    const m = pattern.exec(s);
    const month = m && monthNumber(m[mo] ?? '');
    if (m && month) return isoDate(Number(m[y]), month, Number((d && m[d]) ?? 1));
  }
  // Anything else ("c1999", "[2003?]", "1st ed. 2003", "Spring 2003"): keep the year when there is exactly one.
  const years = s.match(/(?<!\d)(1[4-9]\d\d|20\d\d)(?!\d)/g);
  return years?.length === 1 ? isoDate(Number(years[0]), 1, 1) : null;
}

/** Page count from a MARC-style pagination string ("xii, 480 p. : ill."); roman front matter is ignored. */
export function parsePagination(pagination: string | null): number | null {
  if (!pagination) return null;
  const counts = [...pagination.matchAll(/(\d+)\s*(?:p\b|pp\b|pages?\b)/gi)].map((m) => Number(m[1]));
  if (/^\d+$/.test(pagination.trim())) counts.push(Number(pagination.trim()));
  const pages = counts.length ? Math.max(...counts) : 0;
  return pages > 0 ? pages : null;
}

export function mapPhysicalFormat(format: string | null): string | null {
  const f = format?.toLowerCase() ?? '';
  if (f.includes('mass market')) return 'Mass Market Paperback';
  if (/hard ?(cover|back)|library binding/.test(f)) return 'Hardcover';
  if (/paper ?back|soft ?(cover|back)|trade paper/.test(f)) return 'Paperback';
  if (/e-?book|electronic|kindle|epub/.test(f)) return 'Ebook';
  return null;
}

export function isbn10To13(isbn10: string): string | null {
  if (!/^\d{9}[\dX]$/i.test(isbn10)) return null;
  const body = `978${isbn10.slice(0, 9)}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function toIsbn13(raw: string): string | null {
  const cleaned = raw.replace(/[^0-9Xx]/g, '').toUpperCase();
  return /^\d{13}$/.test(cleaned) ? cleaned : isbn10To13(cleaned);
}

function toKey(raw: string, kind: Kind): string | null {
  const key = raw.startsWith('/') ? raw.replace(/\.json$/, '') : `/${kind}/${raw}`;
  return KEY_PATTERNS[kind].test(key) ? key : null;
}

function unreachable(err: unknown, timeoutMs: number): OpenLibraryError {
  const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
  // undici reports every network failure as "fetch failed"; the useful part (ECONNREFUSED...) is the cause.
  const cause = err instanceof Error && isRecord(err.cause) ? str(err.cause.code) : null;
  const detail = timedOut
    ? `no answer within ${timeoutMs} ms`
    : `${err instanceof Error ? err.message : String(err)}${cause ? ` (${cause})` : ''}`;
  return new OpenLibraryError('unreachable', `Open Library could not be reached: ${detail}`, { cause: err });
}

const badResponse = (what: string) =>
  new OpenLibraryError('bad_response', `Unexpected Open Library data: ${what}`);

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const strings = (v: unknown): string[] => arr(v).flatMap((x) => str(x) ?? []);
const refKeys = (v: unknown): string[] => arr(v).flatMap((x) => (isRecord(x) && str(x.key)) || []);
const text = (v: unknown): string | null => str(v) ?? (isRecord(v) ? str(v.value) : null);

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

// Open Library uses -1 as a placeholder for a removed cover.
function coverUrl(covers: unknown): string | null {
  const id = arr(covers).find((c): c is number => typeof c === 'number' && Number.isInteger(c) && c > 0);
  return id === undefined ? null : `https://covers.openlibrary.org/b/id/${id}-L.jpg`;
}

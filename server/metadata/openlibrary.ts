import { cleanIsbn, isbn10To13 } from '@shared/domain/isbn';
import { mapPhysicalFormat, parsePagination, parsePublishDate } from './normalise';
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

function toIsbn13(raw: string): string | null {
  const cleaned = cleanIsbn(raw);
  if (/^\d{13}$/.test(cleaned)) return cleaned;
  return /^\d{9}[\dX]$/.test(cleaned) ? isbn10To13(cleaned) : null;
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

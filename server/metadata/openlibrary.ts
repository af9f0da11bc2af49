import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { cleanIsbn, isbn10To13 } from '@shared/domain/isbn';
import { mapPhysicalFormat, parsePagination, parsePublishDate } from './normalise';
import { mapSubjectsToGenres } from './genre-map';
import {
  authorRecord,
  editionRecord,
  failureCause,
  jsonObject,
  redirectStub,
  workRecord,
} from './openlibrary-records';

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
      const record = jsonObject.safeParse(body);
      if (!record.success) throw badResponse(`${origin} is not a JSON object`);
      const stub = redirectStub.safeParse(body);
      if (!stub.success) return record.data;
      if (hop === MAX_REDIRECT_HOPS)
        throw badResponse(`${origin} redirects more than ${MAX_REDIRECT_HOPS} times`);
      const { location } = stub.data;
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
      const author = record && authorRecord.parse(record);
      const olKey = author?.key;
      const name = author && (author.name ?? author.personal_name);
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
        const found = await followRedirects(await getJson(`${path}.json`), 'books', path);
        if (!found) return null;
        const edition = editionRecord.parse(found);
        const workKey = edition.works.find((k) => KEY_PATTERNS.works.test(k));
        if (!workKey) throw badResponse(`edition ${String(edition.key)} has no work`);
        const workFound = await getRecord(workKey, 'works');
        if (!workFound) throw badResponse(`work ${workKey} of edition ${String(edition.key)} is missing`);
        const work = workRecord.parse(workFound);
        // The work lists the canonical authors; editions are not always updated when authors are merged.
        const keys = (work.authors.length ? work.authors : edition.authors).filter((k) =>
          KEY_PATTERNS.authors.test(k),
        );
        const authors = await loadAuthors([...new Set(keys)]);
        return { edition: toEdition(edition, isbn13), work: toWork(work), authors };
      });
    },
    fetchWork: (workKey) => byKey(workKey, 'works', (record) => toWork(workRecord.parse(record))),
    fetchEdition: (editionKey) =>
      byKey(editionKey, 'books', (record) => toEdition(editionRecord.parse(record), null)),
  };
}

// Shares one in-flight load per key (lru-cache's fetch) and keeps settled values, null included, for ttlMs;
// a failed load is not kept, so the next call retries. Values are boxed: lru-cache holds no null.
function createMemo(ttlMs: number, maxEntries: number) {
  const cache = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: maxEntries,
    ttl: ttlMs,
    // A load pushed out of the cache while in flight still answers the callers waiting for it.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
  });
  return async function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = await cache.fetch(key, { context: load });
    if (!entry) throw new Error(`Open Library cache lost ${key}`);
    // Callers get their own copy so one of them editing a result cannot change what the next one sees.
    return structuredClone(entry.value) as T;
  };
}

type EditionRecord = z.output<typeof editionRecord>;
type WorkRecord = z.output<typeof workRecord>;

function toEdition(record: EditionRecord, requestedIsbn13: string | null): ImportedEdition {
  const { key: olKey, title, subtitle, publish_date: dateString } = record;
  if (!olKey || !title) throw badResponse(`edition ${olKey ?? '(no key)'} has no key or title`);
  const listed = [...record.isbn_13, ...record.isbn_10]
    .map(toIsbn13)
    .filter((isbn): isbn is string => isbn !== null);
  // Open Library found this edition by the ISBN we asked for, so it is the most precise one to keep.
  const isbn13 = requestedIsbn13 && listed.includes(requestedIsbn13) ? requestedIsbn13 : listed[0];
  return {
    olKey,
    isbn13: isbn13 ?? requestedIsbn13 ?? '',
    title: subtitle ? `${title}: ${subtitle}` : title,
    publisher: record.publishers[0] ?? null,
    date: dateString && parsePublishDate(dateString),
    dateString,
    pageCount: record.number_of_pages ?? parsePagination(record.pagination),
    format: mapPhysicalFormat(record.physical_format),
    description: record.description,
    coverUrl:
      record.covers === undefined ? null : `https://covers.openlibrary.org/b/id/${record.covers}-L.jpg`,
  };
}

function toWork(record: WorkRecord): ImportedWork {
  const { key: olKey, title, subjects, first_publish_date: dateString } = record;
  if (!olKey || !title) throw badResponse(`work ${olKey ?? '(no key)'} has no key or title`);
  return {
    olKey,
    title,
    description: record.description,
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
  const cause = err instanceof Error ? failureCause.parse(err.cause).code : null;
  const detail = timedOut
    ? `no answer within ${timeoutMs} ms`
    : `${err instanceof Error ? err.message : String(err)}${cause ? ` (${cause})` : ''}`;
  return new OpenLibraryError('unreachable', `Open Library could not be reached: ${detail}`, { cause: err });
}

const badResponse = (what: string) =>
  new OpenLibraryError('bad_response', `Unexpected Open Library data: ${what}`);

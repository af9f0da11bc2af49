import { olCoverUrl, toEdition, toWork, withEarliestDate } from './openlibrary-convert';
import {
  badResponse,
  OpenLibraryError,
  type ImportedAuthor,
  type ImportedBook,
  type ImportedEdition,
  type ImportedWork,
  type PickedWork,
} from './openlibrary-types';
import { firstOpenLibrarySeries } from '@shared/domain/library-import/series';
import { createMemo } from './memo';
import { createGate, GateRefused, type GateOptions } from './openlibrary-gate';
import {
  authorWorksPath,
  chooseEdition,
  KEY_PATTERNS,
  readAuthorWorks,
  readEditions,
  readSearchAnswer,
  searchPath,
  toIsbn13,
  workEditionsPath,
  type RemoteWork,
} from './openlibrary-search';
export * from './openlibrary-types';
import {
  authorRecord,
  editionRecord,
  failureCause,
  jsonObject,
  redirectStub,
  workRecord,
} from './openlibrary-records';

export interface OpenLibraryConfig {
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** The global rate limit and circuit breaker (openlibrary-gate.ts). */
  gate?: GateOptions;
}

export interface OpenLibraryClient {
  fetchByIsbn(isbn13: string): Promise<ImportedBook | null>;
  // Keys are accepted bare ("OL123W") or as Open Library writes them ("/works/OL123W").
  fetchWork(workKey: string): Promise<ImportedWork | null>;
  fetchEdition(editionKey: string): Promise<ImportedEdition | null>;
  /** A work by key with its authors and the edition it is imported with; null when there is no such work. */
  fetchPickedWork(workKey: string): Promise<PickedWork | null>;
  /** Open Library's search (/search.json) for a title, an author or both. */
  searchWorks(query: string): Promise<RemoteWork[]>;
  /** An author's works (/authors/{key}/works.json); the author's name fills in what the list lacks. */
  authorWorks(authorKey: string, authorName: string): Promise<RemoteWork[]>;
  /** The breaker's state, so a caller can answer "unavailable" without queueing. */
  isOpen(): boolean;
}

const MAX_REDIRECT_HOPS = 3;
type Kind = keyof typeof KEY_PATTERNS;
type Json = Record<string, unknown>;

export function createOpenLibraryClient(config: OpenLibraryConfig): OpenLibraryClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 8000;
  const doFetch = config.fetch ?? globalThis.fetch;
  const memo = createMemo(config.cacheTtlMs ?? 10 * 60 * 1000, config.cacheMaxEntries ?? 1000);
  // Lists are larger than records (a search answer lists ISBNs): fewer of them are kept.
  const listMemo = createMemo(
    config.cacheTtlMs ?? 15 * 60 * 1000,
    Math.min(config.cacheMaxEntries ?? 300, 300),
  );
  const headers = { 'User-Agent': config.userAgent, Accept: 'application/json' };
  const gate = createGate(config.gate);
  const countsAsFailure = (err: unknown) => err instanceof OpenLibraryError && err.code === 'unreachable';

  // Every request passes the gate: the global rate limit and the breaker.
  async function getJson(path: string): Promise<unknown> {
    try {
      return await gate.run(() => sendGet(path), countsAsFailure);
    } catch (err) {
      if (!(err instanceof GateRefused)) throw err;
      throw new OpenLibraryError(err.reason === 'busy' ? 'busy' : 'unreachable', err.message);
    }
  }

  // Resolves to null on 404 so callers can tell "no such record" from a broken service.
  async function sendGet(path: string): Promise<unknown> {
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
      if (olKey && name && !authors.has(olKey))
        authors.set(olKey, { name, olKey, alternateNames: author.alternate_names.filter((n) => n !== name) });
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
    isOpen: () => gate.breakerState() === 'open',

    fetchPickedWork(workKey) {
      const key = toKey(workKey, 'works');
      if (!key) return Promise.resolve(null);
      return memo(`picked:${key}`, async () => {
        const found = await getRecord(key, 'works');
        if (!found) return null;
        const record = workRecord.parse(found);
        const work = toWork(record);
        const listed = await getJson(workEditionsPath(work.olKey));
        const editions = listed === null ? [] : readEditions(listed);
        if (!editions) throw badResponse(`editions of ${work.olKey} are not a list`);
        const chosen = chooseEdition(editions);
        const authors = await loadAuthors([
          ...new Set(record.authors.filter((k) => KEY_PATTERNS.authors.test(k))),
        ]);
        const edition = chosen && toEdition(chosen, null);
        if (edition && !edition.coverUrl && record.covers !== undefined)
          edition.coverUrl = olCoverUrl(record.covers);
        // The series is the work's: any edition that names it speaks for all.
        if (edition && !edition.series)
          edition.series = firstOpenLibrarySeries(editions.flatMap((e) => e.series));
        return { work: withEarliestDate(work, editions), authors, edition };
      });
    },

    searchWorks(query) {
      const q = query.trim().replace(/\s+/g, ' ').toLowerCase();
      if (q === '') return Promise.resolve([]);
      return listMemo(`search:${q}`, async () => {
        const body = await getJson(searchPath(q));
        const works = body === null ? [] : readSearchAnswer(body);
        if (!works) throw badResponse('search did not answer a list of docs');
        return works;
      });
    },

    authorWorks(authorKey, authorName) {
      const key = toKey(authorKey, 'authors');
      if (!key) return Promise.resolve([]);
      return listMemo(`author-works:${key}`, async () => {
        const body = await getJson(authorWorksPath(key));
        const works = body === null ? [] : readAuthorWorks(body, key, authorName);
        if (!works) throw badResponse(`works of ${key} are not a list`);
        return works;
      });
    },
  };
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

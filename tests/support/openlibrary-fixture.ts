/**
 * A local stand-in for https://openlibrary.org serving the JSON under tests/fixtures/openlibrary/.
 *
 * It reproduces the parts of Open Library's behaviour the client depends on:
 *   GET /isbn/{isbn}.json        302 -> /books/{edition}.json (ISBN-13, ISBN-10, or the ISBN-13 of an ISBN-10)
 *   GET /books|works|authors/... the record as stored, including {"type": {"key": "/type/redirect"}} records
 *   GET /search.json?q=&fields=&limit=   the docs of search/docs.json whose title and authors hold every
 *                                word of q, in Open Library's answer shape, cut to `fields` and `limit`
 *   GET /works/{key}/editions.json       the stored editions of that work, as Open Library lists them
 *   GET /authors/{key}/works.json        the stored works of that author (redirected author keys count)
 *   anything else                404 {"error": "notfound", "key": "/isbn/..."}
 *
 * `mode` switches the list answers (search, editions, an author's works) for tests of a bad day: 'slow'
 * answers after slowMs, 'failing' answers 500, 'rate-limited' answers 429, as Open Library does when asked
 * too often; records and ISBNs keep answering.
 *
 * Fixture records (bibliographic data is real; the OL9000…M/W/A keys and cover ids are made up):
 *   9780316300131  The Ministry for the Future, Kim Stanley Robinson — description as a plain string
 *   9781635575637  Piranesi, Susanna Clarke — edition's work is a /type/redirect; description is /type/text
 *   9780593135204  Project Hail Mary: A Novel, Andy Weir — the author key is a /type/redirect
 *   0553562614     Snow Crash, Neal Stephenson (Bantam mass market) — isbn_10 only (ISBN-13 9780553562613)
 *
 * bundles/goodreads-190.json: the 71 books of tests/fixtures/imports/goodreads-190.csv that the demo
 * catalogue lacks (real titles, authors with Open Library's alternate names, editions' `series` strings; keys
 * OL91…, ISBNs 9799…, a prefix no agency holds, so never a real book's).
 *
 * Special ISBNs (valid check digits, not real books):
 *   9780000000002  never answers, for timeout tests
 *   9780000000019  answers 200 text/html, as a proxy or captive portal would
 *   9781250186430  a real book (A Memory Called Empire) absent from the fixture: 404
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const FIXTURE_ISBNS = {
  known: ['9780316300131', '9781635575637', '9780593135204', '9780553562613'],
  ministry: '9780316300131',
  redirectWork: '9781635575637',
  redirectAuthor: '9780593135204',
  isbn10Only: '9780553562613',
  isbn10OnlyAsIsbn10: '0553562614',
  hang: '9780000000002',
  html: '9780000000019',
  missing: '9781250186430',
} as const;

export interface FixtureRequest {
  path: string;
  userAgent: string | undefined;
  accept: string | undefined;
}

export type FixtureMode = 'normal' | 'slow' | 'failing' | 'rate-limited';
export const FIXTURE_MODES: readonly FixtureMode[] = ['normal', 'slow', 'failing', 'rate-limited'];

export interface OpenLibraryFixture {
  url: string;
  /** How the list answers behave (see above); 'normal' at start. */
  mode: FixtureMode;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  close(): Promise<void>;
  /** Request paths in arrival order, so tests can count upstream calls. */
  requests: string[];
  /** The same requests with the headers the client sent. */
  log: FixtureRequest[];
}

const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/openlibrary/', import.meta.url));
const KINDS = ['books', 'works', 'authors'] as const;

interface Records {
  byPath: Map<string, string>;
  editionByIsbn: Map<string, string>;
  searchDocs: SearchDoc[];
}

interface SearchDoc {
  title: string;
  author_name?: string[];
  [field: string]: unknown;
}

function loadRecords(): Records {
  const byPath = new Map<string, string>();
  const editionByIsbn = new Map<string, string>();
  const searchDocs = JSON.parse(readFileSync(`${FIXTURE_DIR}search/docs.json`, 'utf8')) as SearchDoc[];
  const add = (body: string) => {
    const record = JSON.parse(body) as { key: string; isbn_13?: string[]; isbn_10?: string[] };
    byPath.set(`${record.key}.json`, body);
    if (!record.key.startsWith('/books/')) return;
    for (const isbn of record.isbn_13 ?? []) editionByIsbn.set(isbn, record.key);
    for (const isbn of record.isbn_10 ?? []) {
      editionByIsbn.set(isbn, record.key);
      editionByIsbn.set(isbn10To13(isbn), record.key);
    }
  };
  for (const kind of KINDS) {
    for (const file of readdirSync(`${FIXTURE_DIR}${kind}`).filter((f) => f.endsWith('.json'))) {
      add(readFileSync(`${FIXTURE_DIR}${kind}/${file}`, 'utf8'));
    }
  }
  // Larger sets of records, one array a file (bundles/goodreads-190.json: the books of the match-rate
  // export that the demo catalogue lacks), served exactly as the single files are.
  for (const file of readdirSync(`${FIXTURE_DIR}bundles`).filter((f) => f.endsWith('.json'))) {
    const records = JSON.parse(readFileSync(`${FIXTURE_DIR}bundles/${file}`, 'utf8')) as unknown[];
    for (const record of records) add(JSON.stringify(record, null, 2));
  }
  return { byPath, editionByIsbn, searchDocs };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** /search.json as Open Library answers it: every word of q in the title or an author's name. */
function searchAnswer(docs: SearchDoc[], params: URLSearchParams): string {
  const q = params.get('q') ?? '';
  const wanted = words(q);
  const fields = params.get('fields')?.split(',');
  const limit = Number(params.get('limit') ?? 100);
  const found = docs.filter((doc) => {
    const have = new Set(words(`${doc.title} ${(doc.author_name ?? []).join(' ')}`));
    return wanted.length > 0 && wanted.every((w) => have.has(w));
  });
  const cut = (doc: SearchDoc) =>
    fields ? Object.fromEntries(Object.entries(doc).filter(([k]) => fields.includes(k))) : doc;
  return JSON.stringify({
    numFound: found.length,
    start: 0,
    numFoundExact: true,
    docs: found.slice(0, limit).map(cut),
    num_found: found.length,
    q,
    offset: null,
  });
}

type Json = Record<string, unknown> & { key: string };
const refKeys = (list: unknown, pick: (item: Json) => unknown): string[] =>
  Array.isArray(list) ? list.map((item) => String(pick(item as Json))) : [];

/** /works/{key}/editions.json and /authors/{key}/works.json, built from the stored records. */
function listAnswer(byPath: Map<string, string>, path: string): string | null {
  const records = [...byPath.values()].map((body) => JSON.parse(body) as Json);
  const editions = /^(\/works\/OL\d+W)\/editions\.json$/.exec(path)?.[1];
  if (editions) {
    if (!byPath.has(`${editions}.json`)) return null;
    const entries = records.filter(
      (r) => r.key.startsWith('/books/') && refKeys(r.works, (w) => w.key).includes(editions),
    );
    const links = { self: path.replace('.json', ''), work: editions };
    return JSON.stringify({ links, size: entries.length, entries });
  }
  const author = /^(\/authors\/OL\d+A)\/works\.json$/.exec(path)?.[1];
  if (!author || !byPath.has(`${author}.json`)) return null;
  // A merged author's works still name the old key; Open Library lists them under the new one.
  const aliases = new Set([author]);
  for (const r of records) if (r.location === author) aliases.add(r.key);
  const entries = records.filter(
    (r) =>
      r.key.startsWith('/works/') &&
      r.title !== undefined &&
      refKeys(r.authors, (a) => (a.author as Json | undefined)?.key).some((k) => aliases.has(k)),
  );
  const links = { self: path.replace('.json', ''), author };
  return JSON.stringify({ links, size: entries.length, entries });
}

function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(body);
}

export async function startOpenLibraryFixture(port = 0): Promise<OpenLibraryFixture> {
  const { byPath, editionByIsbn, searchDocs } = loadRecords();
  const requests: string[] = [];
  const log: FixtureRequest[] = [];
  const state = { mode: 'normal' as FixtureMode, slowMs: 5000 };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const path = url.pathname;
    if (path === '/health') return sendJson(res, 200, '{"ok":true}');
    requests.push(url.search ? `${path}${url.search}` : path);
    log.push({ path, userAgent: req.headers['user-agent'], accept: req.headers.accept });

    const list =
      path === '/search.json' || /^\/(works|authors)\/OL\d+[WA]\/(editions|works)\.json$/.test(path);
    if (list) {
      const answer = () => {
        if (path === '/search.json') return sendJson(res, 200, searchAnswer(searchDocs, url.searchParams));
        const body = listAnswer(byPath, path);
        if (body) return sendJson(res, 200, body);
        sendJson(res, 404, JSON.stringify({ error: 'notfound', key: path.replace(/\.json$/, '') }));
      };
      if (state.mode === 'failing') return sendJson(res, 500, '{"error":"Internal Server Error"}');
      if (state.mode === 'rate-limited') {
        res.writeHead(429, { 'Content-Type': 'text/html', 'Retry-After': '60' });
        res.end('<html><body><h1>429 Too Many Requests</h1></body></html>');
        return;
      }
      if (state.mode === 'slow') {
        setTimeout(answer, state.slowMs);
        return;
      }
      return answer();
    }

    const isbn = /^\/isbn\/([0-9Xx-]+)\.json$/.exec(path)?.[1]?.replace(/-/g, '').toUpperCase();
    if (isbn === FIXTURE_ISBNS.hang) return; // deliberately never answers
    if (isbn === FIXTURE_ISBNS.html) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body><h1>Service temporarily unavailable</h1></body></html>');
      return;
    }
    if (isbn !== undefined) {
      const editionKey = editionByIsbn.get(isbn);
      if (editionKey) {
        res.writeHead(302, { Location: `${editionKey}.json`, 'Content-Type': 'text/plain' });
        res.end();
        return;
      }
    }
    const body = byPath.get(path);
    if (body) return sendJson(res, 200, body);
    sendJson(res, 404, JSON.stringify({ error: 'notfound', key: path.replace(/\.json$/, '') }));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    log,
    get mode() {
      return state.mode;
    },
    set mode(mode: FixtureMode) {
      state.mode = mode;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms: number) {
      state.slowMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The hanging route leaves sockets open; without this close() would wait for them forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * A local stand-in for https://openlibrary.org serving the JSON under tests/fixtures/openlibrary/.
 *
 * It reproduces the parts of Open Library's behaviour the client depends on:
 *   GET /isbn/{isbn}.json        302 -> /books/{edition}.json (ISBN-13, ISBN-10, or the ISBN-13 of an ISBN-10)
 *   GET /books|works|authors/... the record as stored, including {"type": {"key": "/type/redirect"}} records
 *   anything else                404 {"error": "notfound", "key": "/isbn/..."}
 *
 * Fixture records (bibliographic data is real; the OL9000…M/W/A keys and cover ids are made up):
 *   9780316300131  The Ministry for the Future, Kim Stanley Robinson — description as a plain string
 *   9781635575637  Piranesi, Susanna Clarke — edition's work is a /type/redirect; description is /type/text
 *   9780593135204  Project Hail Mary: A Novel, Andy Weir — the author key is a /type/redirect
 *   0553562614     Snow Crash, Neal Stephenson (Bantam mass market) — isbn_10 only (ISBN-13 9780553562613)
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

export interface OpenLibraryFixture {
  url: string;
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
}

function loadRecords(): Records {
  const byPath = new Map<string, string>();
  const editionByIsbn = new Map<string, string>();
  for (const kind of KINDS) {
    for (const file of readdirSync(`${FIXTURE_DIR}${kind}`).filter((f) => f.endsWith('.json'))) {
      const body = readFileSync(`${FIXTURE_DIR}${kind}/${file}`, 'utf8');
      const record = JSON.parse(body) as { key: string; isbn_13?: string[]; isbn_10?: string[] };
      byPath.set(`${record.key}.json`, body);
      if (kind !== 'books') continue;
      for (const isbn of record.isbn_13 ?? []) editionByIsbn.set(isbn, record.key);
      for (const isbn of record.isbn_10 ?? []) {
        editionByIsbn.set(isbn, record.key);
        editionByIsbn.set(isbn10To13(isbn), record.key);
      }
    }
  }
  return { byPath, editionByIsbn };
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
  const { byPath, editionByIsbn } = loadRecords();
  const requests: string[] = [];
  const log: FixtureRequest[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    if (path === '/health') return sendJson(res, 200, '{"ok":true}');
    requests.push(path);
    log.push({ path, userAgent: req.headers['user-agent'], accept: req.headers.accept });

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
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The hanging route leaves sockets open; without this close() would wait for them forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

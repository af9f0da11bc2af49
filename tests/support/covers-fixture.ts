/**
 * A local stand-in for https://covers.openlibrary.org, for the cover cache's tests (issue 17).
 *
 * It reproduces what the cover cache depends on:
 *   GET /b/isbn/{isbn13}-{S|M|L}.jpg   302 -> /data/{key}.jpg (Open Library redirects to archive.org), which
 *   GET /b/id/{id}-{S|M|L}.jpg         answers a JPEG of 480 × 720 whose colour comes from the key
 *   a cover it does not have           404 with ?default=false, else a 1 × 1 GIF, as Open Library does
 *
 * Special keys:
 *   isbn 9780141439686 (Persuasion in the demo catalogue), 9781250186430, id 404   no cover
 *   isbn 9780141439587 (Emma in the demo catalogue)   a 1 × 1 GIF even with ?default=false
 *   isbn 9780000000019                                 200 text/html, as a captive portal would
 *   isbn 9780000000002 (and moreHangIsbns)             never answers, for timeout tests
 *
 * redirectTo(location) makes every /b/ request answer 302 to that Location instead (another host, another
 * port, an absolute URL back to the fixture), for tests of where the server lets a redirect take it;
 * redirectTo(null) goes back to the usual answers.
 *
 * The fixture can be stopped and started again on the same port (stop() closes the listener and every open
 * connection), so tests can prove that cached covers need no upstream.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const COVER_FIXTURE = {
  missingIsbns: ['9780141439686', '9781250186430'],
  missingIds: ['404'],
  gifIsbn: '9780141439587',
  htmlIsbn: '9780000000019',
  hangIsbn: '9780000000002',
  /** More that never answer, for tests of many slow covers at once. */
  moreHangIsbns: ['9780000000026', '9780000000033', '9780000000040', '9780000000057', '9780000000064'],
} as const;

export const FIXTURE_COVER_SIZE = { width: 480, height: 720 } as const;

/** A 1 × 1 transparent GIF: Open Library's answer for a missing cover without ?default=false. */
export const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface CoverRequest {
  path: string;
  userAgent: string | undefined;
}

export interface CoversFixture {
  url: string;
  port: number;
  /** Requests for /b/... in arrival order, so tests can count upstream calls. */
  requests: CoverRequest[];
  /** Closes the listener and all connections: the port refuses connections until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Answers every /b/ request with a 302 to `location` until called with null. */
  redirectTo(location: string | null): void;
}

/**
 * The fixture image of a key: a jacket in a colour derived from it (a band and a frame, so screenshots show
 * something cover-like), so two keys give two different files.
 */
export function fixtureCover(key: string): Promise<Buffer> {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const { width, height } = FIXTURE_COVER_SIZE;
  const hue = h % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},55%,32%)"/>
    <rect x="0" y="${height * 0.58}" width="100%" height="${height * 0.16}" fill="hsl(${(hue + 40) % 360},60%,62%)"/>
    <rect x="24" y="24" width="${width - 48}" height="${height - 48}" fill="none" stroke="hsl(${hue},40%,85%)" stroke-width="4"/>
    <circle cx="${width / 2}" cy="${height * 0.3}" r="${width * 0.16}" fill="hsl(${(hue + 180) % 360},50%,70%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const COVER_PATH = /^\/b\/(isbn|id)\/([0-9]+)-[SML]\.jpg$/;
const DATA_PATH = /^\/data\/(isbn|id)-([0-9]+)\.jpg$/;

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  requests: CoverRequest[],
  redirect: string | null,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fixture');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  requests.push({ path: `${url.pathname}${url.search}`, userAgent: req.headers['user-agent'] });
  const data = DATA_PATH.exec(url.pathname);
  if (data) {
    const image = await fixtureCover(`${data[1]}-${data[2]}`);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length }).end(image);
    return;
  }
  const cover = COVER_PATH.exec(url.pathname);
  if (cover && redirect !== null) {
    res.writeHead(302, { location: redirect }).end();
    return;
  }
  if (!cover) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const [, kind, value] = cover as unknown as [string, 'isbn' | 'id', string];
  const hangs = [COVER_FIXTURE.hangIsbn, ...COVER_FIXTURE.moreHangIsbns] as readonly string[];
  if (kind === 'isbn' && hangs.includes(value)) return; // never answers
  if (kind === 'isbn' && value === COVER_FIXTURE.htmlIsbn) {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to the Wi-Fi</body></html>');
    return;
  }
  const missing =
    (kind === 'isbn' && (COVER_FIXTURE.missingIsbns as readonly string[]).includes(value)) ||
    (kind === 'id' && (COVER_FIXTURE.missingIds as readonly string[]).includes(value));
  if (
    (missing && url.searchParams.get('default') !== 'false') ||
    (kind === 'isbn' && value === COVER_FIXTURE.gifIsbn)
  ) {
    res.writeHead(200, { 'content-type': 'image/gif', 'content-length': BLANK_GIF.length }).end(BLANK_GIF);
    return;
  }
  if (missing) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(302, { location: `/data/${kind}-${value}.jpg` }).end();
}

export async function startCoversFixture(port = 0): Promise<CoversFixture> {
  const requests: CoverRequest[] = [];
  let redirect: string | null = null;
  let server: Server | null = null;
  let boundPort = port;
  const start = async () => {
    if (server) return;
    const s = createServer((req, res) => {
      handle(req, res, requests, redirect).catch(() => res.writeHead(500).end());
    });
    s.listen(boundPort, '127.0.0.1');
    await once(s, 'listening');
    boundPort = (s.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    if (!s) return;
    server = null;
    const closed = once(s, 'close');
    s.close();
    s.closeAllConnections();
    await closed;
  };
  await start();
  return {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    requests,
    start,
    stop,
    close: stop,
    redirectTo: (location) => {
      redirect = location;
    },
  };
}

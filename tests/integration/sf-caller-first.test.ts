// Who is calling is settled before what they sent is read (issue 25): over a real socket, a request that
// declares a large body and sends none of it is answered from its headers alone. Were the body read first,
// these requests would wait for bytes that never come, and the answers below would time out.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@shared/api/idempotency';
import { IMPORT_BODY_BYTES } from '@shared/api/imports';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

/** How long an answer from the headers alone may take; a server waiting for the body never answers. */
const PROMPT_MS = 3000;

let s: TestServer;
let reader: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  reader = await createTestUser(s.t);
});
afterAll(() => s?.close());

interface RawAnswer {
  status: number;
  body: unknown;
  /** Body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * POSTs `/sf/{name}` with the given headers over a plain socket, then writes `body` chunks (if any) as fast
 * as the server takes them until the answer arrives. Rejects if no complete answer comes within PROMPT_MS.
 */
function rawPost(
  name: string,
  headers: Record<string, string>,
  body?: { chunked: true; chunkBytes: number; maxBytes: number },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${PROMPT_MS} ms (${sent} body bytes sent)`));
    }, PROMPT_MS);
    const finish = (answer: RawAnswer) => {
      answered = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    socket.on('error', (err) => {
      if (!answered) {
        clearTimeout(timer);
        reject(err);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = text.slice(0, end);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      const payload = received.subarray(end + 4);
      if (!(payload.length >= length)) return;
      const status = Number(head.split(' ')[1]);
      finish({ status, body: JSON.parse(payload.subarray(0, length).toString('utf8')), sent });
    });
    socket.on('connect', () => {
      const lines = [`POST /sf/${name} HTTP/1.1`, `host: ${hostname}:${port}`];
      for (const [key, value] of Object.entries(headers)) lines.push(`${key}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (!body) return;
      const chunk = `${body.chunkBytes.toString(16)}\r\n${'a'.repeat(body.chunkBytes)}\r\n`;
      const pump = () => {
        while (!answered && sent < body.maxBytes) {
          sent += body.chunkBytes;
          if (!socket.write(chunk)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

const declared = (bytes: number, token?: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'content-length': String(bytes),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
});

describe('the caller before the body', () => {
  it('refuses an anonymous caller of a signed-in endpoint at once, without its 40 MB body', async () => {
    for (const token of [undefined, s.anonKey]) {
      const answer = await rawPost('list-shelves', declared(40_000_000, token));
      expect(answer).toEqual({
        status: 401,
        body: { error: 'Sign in to do this.', code: 'unauthorized' },
        sent: 0,
      });
    }
  });

  it('gives import-library its large body limit only when the caller is signed in', async () => {
    // Within import-library's limit, so only the caller can make this an answer before the body.
    expect(40_000_000).toBeLessThan(IMPORT_BODY_BYTES);
    const answer = await rawPost('import-library', declared(40_000_000, s.anonKey));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Sign in to do this.', code: 'unauthorized' });
  });

  it('refuses a bearer that is not ours before reading the body, public endpoint or not', async () => {
    const answer = await rawPost('search-works', declared(40_000_000, 'not.a.jwt'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a reader calling an admin endpoint with 403 before reading the body', async () => {
    const answer = await rawPost('merge-work', declared(40_000_000, reader.token));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: 'Only admins can do this.', code: 'forbidden' });
  });

  it('checks the Idempotency-Key before reading the body', async () => {
    const anonymous = await rawPost(
      'search-works',
      declared(40_000_000, undefined, { [IDEMPOTENCY_HEADER]: 'k1' }),
    );
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toEqual({
      error: `Sign in to send an ${IDEMPOTENCY_HEADER}.`,
      code: 'invalid_input',
    });
    const malformed = await rawPost(
      'list-shelves',
      declared(40_000_000, reader.token, { [IDEMPOTENCY_HEADER]: 'not a key!' }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_input' });
  });

  it('refuses a signed-in caller whose declared length is over the limit with 413, unread', async () => {
    const small = await rawPost('list-shelves', declared(40_000_000, reader.token));
    expect(small).toEqual({
      status: 413,
      body: { error: 'The request body is over 1 MB.', code: 'payload_too_large' },
      sent: 0,
    });
    const large = await rawPost('import-library', declared(IMPORT_BODY_BYTES + 1, reader.token));
    expect(large).toEqual({
      status: 413,
      body: { error: 'The file is larger than 20 MB.', code: 'payload_too_large' },
      sent: 0,
    });
  });

  it('cuts a chunked body off once it passes the limit', async () => {
    const chunked = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    const answer = await rawPost(
      'list-shelves',
      { ...chunked, authorization: `Bearer ${reader.token}` },
      { chunked: true, chunkBytes: 64 * 1024, maxBytes: 64 * 1024 * 1024 },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: 'The request body is over 1 MB.', code: 'payload_too_large' });
    // Answered while the client was still sending: far short of the 64 MB it would have sent.
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    // An anonymous chunked body to a signed-in endpoint is not read at all.
    const anonymous = await rawPost('list-shelves', chunked, {
      chunked: true,
      chunkBytes: 64 * 1024,
      maxBytes: 64 * 1024 * 1024,
    });
    expect(anonymous.status).toBe(401);
  });
});

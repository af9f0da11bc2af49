import { describe, expect, it, vi } from 'vitest';
import { BridgeFailure } from './bridge-failure';
import { createSfProxy } from './sf-proxy';

const SERVER = 'http://localhost:8787';
const USER = '11111111-1111-4111-8111-111111111111';
const WORK = '22222222-2222-4222-8222-222222222222';

function setup(answer: () => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const requests: { url: string; headers: Headers; body: unknown }[] = [];
  const fetchFn = vi.fn(async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, headers: request.headers, body: JSON.parse(await request.text()) });
    return answer();
  }) as unknown as typeof fetch;
  const cache = { write: vi.fn(), read: vi.fn(() => null), snapshot: vi.fn(() => []) };
  let signedIn: string | null = USER;
  const proxy = createSfProxy({
    serverUrl: SERVER,
    fetch: fetchFn,
    bearer: async () =>
      signedIn ? { token: 'user-access-token', userId: signedIn } : { token: 'anon', userId: null },
    cache,
  });
  return { proxy, requests, cache, fetchFn, signOut: () => (signedIn = null) };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeFailure) return error.error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('createSfProxy', () => {
  it('posts the payload to {server}/sf/{name} with the session bearer', async () => {
    const { proxy, requests } = setup(() => Response.json({ reviews: [] }));
    expect(await proxy.call('work-reviews', { work_id: WORK })).toEqual({ reviews: [] });
    expect(requests).toEqual([
      { url: `${SERVER}/sf/work-reviews`, headers: expect.any(Headers), body: { work_id: WORK } },
    ]);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer user-access-token');
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('uses the anon key when signed out and sends {} for an empty payload', async () => {
    const { proxy, requests, signOut } = setup(() => Response.json([]));
    signOut();
    await proxy.call('list-shelves', undefined);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer anon');
    expect(requests[0]!.body).toEqual({});
  });

  it('refuses a payload the endpoint’s schema refuses, in the server’s words, sending nothing', async () => {
    const { proxy, fetchFn } = setup();
    expect(await failure(proxy.call('work-reviews', { work_id: 'not-a-uuid' }))).toEqual({
      kind: 'sf',
      status: 400,
      code: 'invalid_input',
      error: 'work_id: must be a UUID',
      details: [{ path: 'work_id', message: 'must be a UUID' }],
    });
    expect(await failure(proxy.call('list-shelves', { extra: 1 }))).toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it.each(['no-such-endpoint', '../auth/v1/user', 'list-shelves/../x', '__proto__', 'constructor', ''])(
    'refuses the unknown endpoint %j without a request',
    async (name) => {
      const { proxy, fetchFn } = setup();
      expect(await failure(proxy.call(name, {}))).toMatchObject({
        kind: 'sf',
        status: 404,
        code: 'not_found',
      });
      expect(fetchFn).not.toHaveBeenCalled();
    },
  );

  it('refuses payloads over 1 MB before sending them', async () => {
    const { proxy, fetchFn } = setup();
    const payload = { query: 'x'.repeat(100) };
    expect(await proxy.call('search-works', payload)).toEqual({ ok: true });
    const huge = { work_id: WORK, junk: 'x'.repeat(1024 * 1024) };
    // work-reviews strips unknown keys (non-strict schema), so the size check is what stops this one.
    expect(await failure(proxy.call('work-reviews', huge))).toMatchObject({
      status: 413,
      code: 'payload_too_large',
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('passes the server’s uniform error body through', async () => {
    const { proxy } = setup(() =>
      Response.json({ error: 'Work not found', code: 'not_found' }, { status: 404 }),
    );
    expect(await failure(proxy.call('work-details', { work_id: WORK }))).toEqual({
      kind: 'sf',
      status: 404,
      code: 'not_found',
      error: 'Work not found',
    });
  });

  it('reports an unreachable server and a non-JSON answer as the web client does', async () => {
    const down = setup(() => {
      throw new TypeError('fetch failed');
    });
    expect(await failure(down.proxy.call('list-shelves', {}))).toEqual({
      kind: 'sf',
      status: 0,
      code: 'network_error',
      error: 'fetch failed',
    });
    const html = setup(() => new Response('<html>proxy error</html>', { status: 502 }));
    expect(await failure(html.proxy.call('list-shelves', {}))).toEqual({
      kind: 'sf',
      status: 502,
      code: 'unexpected_response',
      error: '<html>proxy error</html>',
    });
  });

  it('reports a bearer that cannot be had (server down at start-up) as an /sf/ network error', async () => {
    const proxy = createSfProxy({
      serverUrl: SERVER,
      fetch: vi.fn() as never,
      bearer: async () => {
        throw new BridgeFailure({
          kind: 'auth',
          message: 'The server could not be reached.',
          code: null,
          status: 0,
        });
      },
      cache: { write: vi.fn(), read: vi.fn(() => null), snapshot: vi.fn(() => []) },
    });
    expect(await failure(proxy.call('list-shelves', {}))).toEqual({
      kind: 'sf',
      status: 0,
      code: 'network_error',
      error: 'The server could not be reached.',
    });
  });

  it('caches the signed-in user’s answers per payload, and nothing of other endpoints', async () => {
    const { proxy, cache, signOut } = setup(() => Response.json([{ id: WORK }]));
    await proxy.call('list-shelves', {});
    await proxy.call('search-works', { query: 'dune' });
    expect(cache.write.mock.calls).toEqual([[USER, 'list-shelves', {}, [{ id: WORK }]]]);
    signOut();
    await proxy.call('list-shelves', {});
    expect(cache.write).toHaveBeenCalledTimes(1);
  });

  it('does not cache failed answers', async () => {
    const { proxy, cache } = setup(() =>
      Response.json({ error: 'x', code: 'unauthorized' }, { status: 401 }),
    );
    await failure(proxy.call('list-shelves', {}));
    expect(cache.write).not.toHaveBeenCalled();
  });
});

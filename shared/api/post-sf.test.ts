import { describe, expect, it, vi } from 'vitest';
import { SF_NETWORK_ERROR, SF_UNEXPECTED_RESPONSE, postSf } from './post-sf';

const reply = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));
const call = (fetchFn: typeof fetch, name = 'n') =>
  postSf({ fetch: fetchFn, baseUrl: 'http://x', name, body: '{}', bearer: 't' });

describe('postSf', () => {
  it('posts the JSON body with the bearer and answers the parsed answer', async () => {
    const fetchFn = reply(200, '{"ok":true}');
    await expect(
      postSf({ fetch: fetchFn, baseUrl: 'http://x', name: 'delete-user', body: '{}', bearer: 'token-1' }),
    ).resolves.toEqual({ ok: true, value: { ok: true } });
    expect(fetchFn).toHaveBeenCalledWith('http://x/sf/delete-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token-1' },
      body: '{}',
    });
  });

  it('answers an empty body as null', async () => {
    await expect(call(reply(200, ''))).resolves.toEqual({ ok: true, value: null });
  });

  it('carries status, code, error and details of the uniform error body', async () => {
    const body = '{"error":"Username taken","code":"username_taken","details":{"field":"username"}}';
    await expect(call(reply(409, body))).resolves.toEqual({
      ok: false,
      failure: {
        status: 409,
        code: 'username_taken',
        error: 'Username taken',
        details: { field: 'username' },
      },
    });
  });

  it('turns a non-JSON reply into unexpected_response with the text', async () => {
    await expect(call(reply(502, '<h1>Bad Gateway</h1>'))).resolves.toEqual({
      ok: false,
      failure: { status: 502, code: SF_UNEXPECTED_RESPONSE, error: '<h1>Bad Gateway</h1>' },
    });
  });

  it('reports an unreachable server as network_error, with a message even when the cause has none', async () => {
    const refused = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(refused)).resolves.toEqual({
      ok: false,
      failure: { status: 0, code: SF_NETWORK_ERROR, error: 'Failed to fetch' },
    });
    const silent = vi.fn(async () => {
      throw new Error('');
    });
    await expect(call(silent)).resolves.toMatchObject({
      failure: { status: 0, code: SF_NETWORK_ERROR, error: 'The server could not be reached.' },
    });
  });

  it('names an error without a body by its status, with the text as its message', async () => {
    await expect(call(reply(500, '{}'))).resolves.toEqual({
      ok: false,
      failure: { status: 500, code: 'http_500', error: '{}' },
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { SF_NETWORK_ERROR, SF_UNEXPECTED_RESPONSE, SfError } from './errors';
import { postSf } from './sf-fetch';

const reply = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

async function failure(promise: Promise<unknown>): Promise<SfError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SfError);
  return error as SfError;
}

describe('postSf', () => {
  it('posts JSON with the bearer and answers the parsed body', async () => {
    const fetchFn = reply(200, '{"ok":true}');
    await expect(postSf(fetchFn, 'http://x', 'delete-user', {}, 'token-1')).resolves.toEqual({ ok: true });
    expect(fetchFn).toHaveBeenCalledWith('http://x/sf/delete-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer token-1' },
      body: '{}',
    });
  });

  it('carries status, code and error of the uniform error body', async () => {
    const fetchFn = reply(409, '{"error":"Username taken","code":"username_taken"}');
    const error = await failure(postSf(fetchFn, 'http://x', 'update-profile', {}, 't'));
    expect(error).toMatchObject({ status: 409, code: 'username_taken', error: 'Username taken' });
  });

  it('turns a non-JSON reply into unexpected_response with the text', async () => {
    const error = await failure(postSf(reply(502, '<h1>Bad Gateway</h1>'), 'http://x', 'n', {}, 't'));
    expect(error).toMatchObject({ status: 502, code: SF_UNEXPECTED_RESPONSE, error: '<h1>Bad Gateway</h1>' });
  });

  it('reports an unreachable server as network_error', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(postSf(fetchFn, 'http://x', 'n', {}, 't'));
    expect(error).toMatchObject({ status: 0, code: SF_NETWORK_ERROR, error: 'Failed to fetch' });
  });

  it('names an error without a body by its status', async () => {
    const error = await failure(postSf(reply(500, '{}'), 'http://x', 'n', {}, 't'));
    expect(error).toMatchObject({ status: 500, code: 'http_500' });
  });
});

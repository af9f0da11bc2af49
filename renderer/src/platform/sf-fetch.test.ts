import { describe, expect, it, vi } from 'vitest';
import { SfError } from './errors';
import { fetchSf } from './sf-fetch';

// How answers are read is shared/api/post-sf.test.ts's; here, what the web Backend makes of them.
describe('fetchSf', () => {
  it('posts the payload as JSON (an absent one as {}) and answers the parsed body', async () => {
    const fetchFn = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    await expect(fetchSf(fetchFn, 'http://x', 'delete-user', undefined, 't')).resolves.toEqual({ ok: true });
    expect(fetchFn).toHaveBeenCalledWith('http://x/sf/delete-user', expect.objectContaining({ body: '{}' }));
  });

  it('throws an SfError carrying the uniform error body', async () => {
    const fetchFn = vi.fn(
      async () => new Response('{"error":"Username taken","code":"username_taken"}', { status: 409 }),
    );
    const error = await fetchSf(fetchFn, 'http://x', 'update-profile', {}, 't').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SfError);
    expect(error).toMatchObject({
      status: 409,
      code: 'username_taken',
      error: 'Username taken',
      message: 'Username taken',
    });
  });
});

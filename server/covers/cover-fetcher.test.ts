import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_FIXTURE, startCoversFixture } from '../../tests/support/covers-fixture';
import type { CoversFixture } from '../../tests/support/covers-fixture';
import { createCoverFetcher } from './cover-fetcher';

let fixture: CoversFixture;
beforeAll(async () => {
  fixture = await startCoversFixture();
});
afterAll(() => fixture.close());

const fetcher = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
  createCoverFetcher({ coversUrl: fixture.url, userAgent: 'Shelfwise/test (t@example.test)', ...options });

describe('createCoverFetcher', () => {
  it('follows the redirect to the image and sends the User-Agent', async () => {
    const outcome = await fetcher()({ kind: 'isbn', isbn: '9780141439518' });
    expect(outcome.kind).toBe('found');
    expect(fixture.requests.at(-2)).toEqual({
      path: '/b/isbn/9780141439518-L.jpg?default=false',
      userAgent: 'Shelfwise/test (t@example.test)',
    });
  });

  it('answers missing for a 404 and failed for what may work later', async () => {
    expect(await fetcher()({ kind: 'isbn', isbn: COVER_FIXTURE.missingIsbns[0] })).toEqual({
      kind: 'missing',
    });
    const slow = await fetcher({ timeoutMs: 300 })({ kind: 'isbn', isbn: COVER_FIXTURE.hangIsbn });
    expect(slow.kind).toBe('failed');
    const big = await fetcher({ maxBytes: 100 })({ kind: 'olid', id: '7' });
    expect(big.kind).toBe('failed');
    const nowhere = await createCoverFetcher({ coversUrl: 'http://127.0.0.1:9', userAgent: 'x' })({
      kind: 'olid',
      id: '7',
    });
    expect(nowhere.kind).toBe('failed');
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COVER_FIXTURE, startCoversFixture } from '../../tests/support/covers-fixture';
import type { CoversFixture } from '../../tests/support/covers-fixture';
import { createCoverFetcher, isCoversRedirect } from './cover-fetcher';

// Two covers servers: the configured one, and another on a second loopback port that a redirect may name.
let fixture: CoversFixture;
let elsewhere: CoversFixture;
beforeAll(async () => {
  fixture = await startCoversFixture();
  elsewhere = await startCoversFixture();
});
afterAll(async () => {
  await fixture.close();
  await elsewhere.close();
});
afterEach(() => fixture.redirectTo(null));

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

describe('redirects', () => {
  const ISBN = '9780141439518';
  const dataRequests = (f: CoversFixture) => f.requests.filter((r) => r.path.startsWith('/data/')).length;

  it('follows a redirect to the configured covers host', async () => {
    fixture.redirectTo(`${fixture.url}/data/isbn-${ISBN}.jpg`);
    const before = dataRequests(fixture);
    expect((await fetcher()({ kind: 'isbn', isbn: ISBN })).kind).toBe('found');
    expect(dataRequests(fixture)).toBe(before + 1);
  });

  it.each([
    ['another loopback port', () => `${elsewhere.url}/data/isbn-${ISBN}.jpg`],
    ['the same port under another name', () => `http://localhost:${fixture.port}/data/isbn-${ISBN}.jpg`],
    ['a cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${fixture.port}/data/isbn-${ISBN}.jpg`],
    ['another scheme', () => `file:///etc/passwd`],
    ['the configured host with credentials', () => `http://u:p@127.0.0.1:${fixture.port}/data/x.jpg`],
  ])('does not follow a redirect to %s: the cover counts as missing', async (_, location) => {
    fixture.redirectTo(location());
    const before = [dataRequests(fixture), elsewhere.requests.length];
    expect(await fetcher()({ kind: 'isbn', isbn: ISBN })).toEqual({ kind: 'missing' });
    expect([dataRequests(fixture), elsewhere.requests.length]).toEqual(before);
  });

  it('gives up on a redirect loop', async () => {
    fixture.redirectTo(`${fixture.url}/b/id/7-L.jpg`);
    expect(await fetcher()({ kind: 'olid', id: '7' })).toEqual({
      kind: 'failed',
      reason: 'too many redirects',
    });
  });
});

describe('isCoversRedirect', () => {
  const covers = new URL('http://covers.example.test/prefix');
  it.each([
    ['http://covers.example.test/b/id/1-L.jpg', true],
    ['https://covers.example.test/b/id/1-L.jpg', true],
    ['http://covers.example.test:8080/b/id/1-L.jpg', false],
    ['https://covers.example.test:8443/b/id/1-L.jpg', false],
    ['http://archive.org/download/x.jpg', false],
    ['http://covers.example.test.evil.test/x.jpg', false],
    ['http://user@covers.example.test/x.jpg', false],
  ])('%s: %s', (target, allowed) => {
    expect(isCoversRedirect(new URL(target), covers)).toBe(allowed);
  });

  it.each([
    ['https://archive.org/download/x.jpg', true],
    ['https://ia800100.us.archive.org/view_archive.php?x=1', true],
    ['http://ia800100.us.archive.org/x.jpg', false],
    ['https://archive.org:8443/x.jpg', false],
    ['https://evilarchive.org/x.jpg', false],
    ['https://archive.org.evil.test/x.jpg', false],
  ])('with archive.org listed, %s: %s', (target, allowed) => {
    expect(isCoversRedirect(new URL(target), covers, ['archive.org'])).toBe(allowed);
  });

  it('keeps an https covers host on https', () => {
    expect(isCoversRedirect(new URL('http://c.test/x'), new URL('https://c.test'))).toBe(false);
  });
});

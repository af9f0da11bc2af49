import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoversFixture } from '../../tests/support/covers-fixture';
import type { CoversFixture } from '../../tests/support/covers-fixture';
import { guardedGet, publicOnlyLookup } from './guarded-get';

let fixture: CoversFixture;
beforeAll(async () => {
  fixture = await startCoversFixture();
});
afterAll(() => fixture.close());

const options = (trustedHost?: string) => ({
  headers: { 'User-Agent': 'test' },
  signal: AbortSignal.timeout(5000),
  trustedHost,
});
const coverPath = '/b/id/7-L.jpg?default=false';
const asked = () => fixture.requests.filter((r) => r.path === coverPath).length;

describe('guardedGet', () => {
  it('refuses to connect where a name resolves to loopback, in the look-up the connection makes', async () => {
    const before = asked();
    await expect(
      guardedGet(new URL(`http://localhost:${fixture.port}${coverPath}`), options()),
    ).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    expect(asked()).toBe(before);
  });

  it('refuses a loopback, private or link-local literal that the operator did not choose', async () => {
    for (const host of ['127.0.0.1', '[::1]', '10.0.0.1', '169.254.169.254', '[::ffff:127.0.0.1]']) {
      await expect(
        guardedGet(new URL(`http://${host}:${fixture.port}${coverPath}`), options()),
        host,
      ).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    }
  });

  it("connects to the operator's own local covers host, by address or as localhost", async () => {
    for (const [host, trusted] of [
      ['127.0.0.1', '127.0.0.1'],
      ['localhost', 'localhost'],
    ]) {
      const res = await guardedGet(new URL(`http://${host}:${fixture.port}${coverPath}`), options(trusted));
      res.destroy();
      // The fixture redirects a cover id to its file; the redirect itself is not followed here.
      expect([res.statusCode, res.headers.location]).toEqual([302, '/data/id-7.jpg']);
    }
  });
});

describe('publicOnlyLookup', () => {
  const look = (all: boolean) =>
    new Promise((resolve) => {
      publicOnlyLookup('localhost', { all }, (err, address) => resolve(err ? err.code : address));
    });

  it('answers no address for a name that resolves to loopback, however it is asked', async () => {
    expect(await look(false)).toBe('ENOTPUBLIC');
    expect(await look(true)).toBe('ENOTPUBLIC');
  });
});

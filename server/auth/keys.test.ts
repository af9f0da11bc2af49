// Token verification, including the memory of tokens already verified: a kept token answers as verifying it
// would, until the moment it expires, and nothing but that exact token finds its claims.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createKeys } from './keys';
import { generateSigningKey } from './signing-keys/signing-key-material';
import { configuredSigningKeys } from './signing-keys/signing-keys';

const SECRET = new TextEncoder().encode('a-test-secret-of-at-least-thirty-two-characters');
const newKeys = async () => createKeys(SECRET, await configuredSigningKeys([await generateSigningKey()]));
const reader = { sub: '00000000-0000-4000-8000-000000000001', email: 'ann@example.test', session_id: 's1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifying tokens', () => {
  it('answers the claims of an access token, the same the second time', async () => {
    const keys = await newKeys();
    const { token } = await keys.signAccessToken(reader);
    const expected = { role: 'authenticated', ...reader, aal: 'aal1' };
    expect(await keys.verify(token)).toEqual(expected);
    expect(await keys.verify(token)).toEqual(expected);
    expect(await keys.verify(keys.anonKey)).toEqual({ role: 'anon' });
  });

  it('refuses a token it verified before once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const keys = await newKeys();
    const { token, expiresAt } = await keys.signAccessToken(reader);
    expect(expiresAt - Date.now() / 1000).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(await keys.verify(token)).not.toBeNull();
    vi.setSystemTime((expiresAt - 1) * 1000);
    expect(await keys.verify(token)).not.toBeNull();
    vi.setSystemTime(expiresAt * 1000);
    expect(await keys.verify(token)).toBeNull();
  });

  it('refuses a verified token once its signing key is no longer published', async () => {
    const published = await configuredSigningKeys([await generateSigningKey()]);
    let retired = false;
    const keys = await createKeys(SECRET, {
      ...published,
      verificationKey: async (kid) => (retired ? null : published.verificationKey(kid)),
    });
    const { token } = await keys.signAccessToken(reader);
    expect(await keys.verify(token)).not.toBeNull();
    retired = true;
    expect(await keys.verify(token)).toBeNull();
    expect(await keys.verify(keys.anonKey)).toEqual({ role: 'anon' });
  });

  it('refuses a verified token with any other signature, payload or key', async () => {
    const keys = await newKeys();
    const { token } = await keys.signAccessToken(reader);
    expect(await keys.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await keys.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await keys.verify(`${header}.${admin}.${signature}`)).toBeNull();
    const otherServer = await newKeys();
    expect(await otherServer.verify(token)).toBeNull();
  });
});

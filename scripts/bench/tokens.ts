// Access tokens for the benchmark readers. One reader signs in through /auth/v1/token like any client
// (proving that path and its token work); the rest get tokens minted the way the server mints them
// (server/auth/keys.ts, with the JWT_SECRET and the ES256 signing key (JWT_SIGNING_KEYS) the server was
// started with) for their seeded session, since a thousand argon2 sign-ins would only measure password hashing.
import { randomBytes } from 'node:crypto';
import { createKeys } from '../../server/auth/keys';
import { generateSigningKey } from '../../server/auth/signing-keys/signing-key-material';
import { configuredSigningKeys } from '../../server/auth/signing-keys/signing-keys';
import type { BenchUser } from './synthetic-readers';

export interface BenchAuth {
  /** What the bench server is started with: its secret and signing key. */
  env: { JWT_SECRET: string; JWT_SIGNING_KEYS: string };
  signingKey: Awaited<ReturnType<typeof generateSigningKey>>;
}

/** A fresh secret and signing key for one bench server. */
export async function benchAuth(): Promise<BenchAuth> {
  const signingKey = await generateSigningKey();
  return {
    env: {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      JWT_SIGNING_KEYS: JSON.stringify([signingKey.privateJwk]),
    },
    signingKey,
  };
}

export async function mintTokens(auth: BenchAuth, users: BenchUser[]): Promise<string[]> {
  const keys = await createKeys(
    new TextEncoder().encode(auth.env.JWT_SECRET),
    await configuredSigningKeys([auth.signingKey]),
  );
  return Promise.all(
    users.map(
      async (u) => (await keys.signAccessToken({ sub: u.id, email: u.email, session_id: u.sessionId })).token,
    ),
  );
}

export async function signIn(
  base: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: anonKey },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string; error?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

// One ES256 signing key: making it, its published (public) JWK in GoTrue's shape, and reading keys an operator
// gives in JWT_SIGNING_KEYS. ES256 rather than RS256: the same security with 64-byte signatures and 32-byte
// keys instead of 256-byte ones (every request carries a token), key generation in a millisecond rather than
// a noticeable pause at first start, and it is what Supabase itself defaults new signing keys to; supabase-js
// getClaims verifies both with WebCrypto.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK } from 'jose';
import type { JWK } from 'jose';

export const SIGNING_ALGORITHM = 'ES256';

/** A key as /.well-known/jwks.json publishes it (GoTrue's fields: kid, alg, use, key_ops, ext). */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: 'sig';
  key_ops: ['verify'];
  ext: true;
}

export interface SigningKeyPair {
  kid: string;
  publicJwk: PublicJwk;
  /** The private JWK (with `d`), as sealed at rest or given in JWT_SIGNING_KEYS. */
  privateJwk: JWK;
}

export async function generateSigningKey(): Promise<SigningKeyPair> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = randomUUID();
  return { kid, privateJwk: { ...privateJwk, kid }, publicJwk: publicJwkOf(privateJwk, kid) };
}

export function publicJwkOf(jwk: JWK, kid: string): PublicJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new Error('a signing key must be an EC P-256 (ES256) JWK');
  }
  return {
    kty: 'EC',
    crv: 'P-256',
    x: jwk.x,
    y: jwk.y,
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
    key_ops: ['verify'],
    ext: true,
  };
}

export const importSigningKey = (pair: SigningKeyPair) =>
  importJWK({ ...pair.privateJwk, alg: SIGNING_ALGORITHM }, SIGNING_ALGORITHM);

export const importVerificationKey = (jwk: PublicJwk) => importJWK(jwk, SIGNING_ALGORITHM);

/**
 * JWT_SIGNING_KEYS: a JSON array of private EC P-256 JWKs, each with a distinct `kid` (what
 * `npm run admin -- new-signing-key` prints). The first signs; all are published and accepted.
 */
export async function parseConfiguredSigningKeys(text: string): Promise<SigningKeyPair[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('JWT_SIGNING_KEYS must be a JSON array of private EC P-256 JWKs');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new Error('JWT_SIGNING_KEYS must be a non-empty JSON array of private EC P-256 JWKs');
  }
  const kids = new Set<string>();
  const pairs: SigningKeyPair[] = [];
  for (const [i, entry] of parsed.entries()) {
    const jwk = entry as JWK;
    const where = `JWT_SIGNING_KEYS[${i}]`;
    if (typeof jwk !== 'object' || jwk === null) throw new Error(`${where} must be a JWK object`);
    if (typeof jwk.kid !== 'string' || !jwk.kid.trim()) throw new Error(`${where} needs a "kid"`);
    if (kids.has(jwk.kid)) throw new Error(`${where}: the kid "${jwk.kid}" is used twice`);
    if (typeof jwk.d !== 'string') throw new Error(`${where} must be a private key (with "d")`);
    let publicJwk: PublicJwk;
    try {
      publicJwk = publicJwkOf(jwk, jwk.kid);
      // Proves the numbers form a key on the curve before the server relies on it.
      await importJWK({ ...jwk, alg: SIGNING_ALGORITHM }, SIGNING_ALGORITHM);
    } catch (err) {
      throw new Error(`${where}: ${err instanceof Error ? err.message : 'not a usable ES256 key'}`);
    }
    kids.add(jwk.kid);
    pairs.push({ kid: jwk.kid, privateJwk: jwk, publicJwk });
  }
  return pairs;
}

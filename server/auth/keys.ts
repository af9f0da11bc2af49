// Access tokens and the long-lived role tokens (anon, service_role). Access tokens are signed ES256 with the
// current signing key (signing-keys/), published at /.well-known/jwks.json so other services verify them
// without a secret. The role tokens stay HS256 with the secret, which comes from JWT_SECRET or is generated
// once into DATA_DIR: they are API keys, not proofs of a sign-in, and every installed client holds them. The
// secret also still verifies HS256 access tokens issued before the switch to signing keys, until they expire.
// Several instances on one database must share JWT_SECRET. The key that seals TOTP secrets (mfa/secret-box.ts)
// comes from the same place unless MFA_ENCRYPTION_KEY gives one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import type { SecretBox } from './mfa/secret-box';
import { createSecretBox, deriveMfaKey, deriveSealingKey } from './mfa/secret-box';
import { SIGNING_ALGORITHM } from './signing-keys/signing-key-material';
import type { SigningKeys } from './signing-keys/signing-keys';

export const JWT_ISSUER = 'shelfwise-auth';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type TokenClaims =
  | { role: 'anon' }
  | { role: 'service_role' }
  | {
      role: 'authenticated';
      sub: string;
      email: string;
      session_id: string;
      /** Authenticator assurance level: aal2 once a second factor was verified in this session. */
      aal: AssuranceLevel;
      is_anonymous?: false;
    };

export type AssuranceLevel = 'aal1' | 'aal2';

/** A verified token's claims, kept until it expires (`exp`) while its signing key (`kid`) is published. */
interface KeptToken {
  claims: TokenClaims;
  exp: number | null;
  kid: string | null;
}

export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  signAccessToken(claims: { sub: string; email: string; session_id: string; extra?: object }): Promise<{
    token: string;
    expiresAt: number;
  }>;
  /** Seals and opens TOTP secrets at rest. */
  mfaSecrets: SecretBox;
  /** Verifies signature, expiry, issuer and audience; null for anything not valid. */
  verify(token: string): Promise<TokenClaims | null>;
  /** The public keys access tokens are verified with, as /.well-known/jwks.json serves them. */
  signingKeys: SigningKeys;
}

/**
 * Tokens already verified, kept until they expire: a client sends the same access token (and the anon key) with
 * every call for up to an hour, and an ES256 verification costs more CPU than the rest of a typical call.
 * Keyed by the whole token, signature included, so only the exact string that was verified finds its claims;
 * a kept token stops answering when it expires or when its signing key is no longer published.
 */
export const VERIFIED_TOKENS_KEPT = 20_000;

/** How long a key that stopped signing stays published: its last token's lifetime, plus margins for clocks
 * and for instances that read the rotation up to REFRESH_MS late. */
export const KEEP_PUBLISHED_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 300;

/** Seals the stored signing keys' private halves: derived from the JWT secret every instance shares. */
export const signingKeyBox = (secret: Uint8Array): SecretBox =>
  createSecretBox(deriveSealingKey(secret, 'shelfwise token signing key encryption'));

export async function loadSecret(configured: string | null, dataDir: string): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(configured);
  }
  const file = join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
  }
}

/** MFA_ENCRYPTION_KEY, when set, must be at least 32 characters; otherwise the JWT secret is the material. */
export function mfaKeyMaterial(configured: string | null, jwtSecret: Uint8Array): Uint8Array {
  if (configured === null) return jwtSecret;
  if (configured.length < 32) throw new Error('MFA_ENCRYPTION_KEY must be at least 32 characters');
  return new TextEncoder().encode(configured);
}

export async function createKeys(
  secret: Uint8Array,
  signingKeys: SigningKeys,
  mfaKey: Uint8Array = secret,
): Promise<Keys> {
  const roleToken = (role: 'anon' | 'service_role') =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setAudience(role)
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(4_102_444_800) // 2100-01-01: role keys are rotated by changing the secret
      .sign(secret);

  async function keyFor(header: JWTHeaderParameters) {
    if (header.alg === 'HS256') return secret;
    const key = header.kid ? await signingKeys.verificationKey(header.kid) : null;
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  }

  /** Signature, expiry, issuer and audience, checked by jose; with what keeping the token needs. */
  async function verifyAfresh(token: string): Promise<KeptToken | null> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keyFor, {
        issuer: JWT_ISSUER,
        audience: ['anon', 'service_role', 'authenticated'],
        algorithms: ['HS256', SIGNING_ALGORITHM],
      });
      const claims = await claimsOf(payload, protectedHeader.alg === 'HS256');
      return claims && { claims, exp: payload.exp ?? null, kid: protectedHeader.kid ?? null };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /** The claims of a payload jose has verified; null for a token that is not one of ours. */
  async function claimsOf(payload: JWTPayload, symmetric: boolean): Promise<TokenClaims | null> {
    if (symmetric && payload.role === 'anon' && payload.aud === 'anon') return { role: 'anon' };
    if (symmetric && payload.role === 'service_role' && payload.aud === 'service_role')
      return { role: 'service_role' };
    // An HS256 access token is one we issued before the switch to signing keys, or a forgery.
    if (
      symmetric &&
      !(typeof payload.iat === 'number' && payload.iat < (await signingKeys.hs256IssuedBefore()))
    )
      return null;
    if (
      payload.role === 'authenticated' &&
      payload.aud === 'authenticated' &&
      typeof payload.sub === 'string' &&
      typeof payload.email === 'string' &&
      typeof payload.session_id === 'string'
    ) {
      return {
        role: 'authenticated',
        sub: payload.sub,
        email: payload.email,
        session_id: payload.session_id,
        // Tokens from before second factors existed carry no aal: they proved one factor.
        aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
      };
    }
    return null;
  }

  const verified = new LRUCache<string, KeptToken>({ max: VERIFIED_TOKENS_KEPT });

  /** Whether a kept token would still verify: not expired, and its key (if any) still published. */
  async function stillValid(kept: KeptToken): Promise<boolean> {
    if (kept.exp !== null && kept.exp <= Date.now() / 1000) return false;
    return kept.kid === null || (await signingKeys.verificationKey(kept.kid)) !== null;
  }

  return {
    anonKey: await roleToken('anon'),
    serviceRoleKey: await roleToken('service_role'),
    mfaSecrets: createSecretBox(deriveMfaKey(mfaKey)),
    signingKeys,
    async signAccessToken({ sub, email, session_id, extra }) {
      const signer = await signingKeys.signer();
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        ...extra,
        email,
        session_id,
        role: 'authenticated',
        is_anonymous: false,
      })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: signer.kid })
        .setIssuer(JWT_ISSUER)
        .setAudience('authenticated')
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(signer.key);
      return { token, expiresAt };
    },
    async verify(token) {
      const kept = verified.get(token);
      if (kept && (await stillValid(kept))) return kept.claims;
      verified.delete(token);
      const fresh = await verifyAfresh(token);
      if (fresh) verified.set(token, fresh);
      return fresh?.claims ?? null;
    },
  };
}

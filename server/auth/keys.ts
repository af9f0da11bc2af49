// Signing keys and the long-lived role tokens (anon, service_role). The secret comes from JWT_SECRET, or
// is generated once into DATA_DIR so restarts keep everyone signed in. Several instances on one database
// must share JWT_SECRET. The key that seals TOTP secrets (mfa/secret-box.ts) comes from the same place unless
// MFA_ENCRYPTION_KEY gives one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SecretBox } from './mfa/secret-box';
import { createSecretBox, deriveMfaKey } from './mfa/secret-box';

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
}

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

export async function createKeys(secret: Uint8Array, mfaKey: Uint8Array = secret): Promise<Keys> {
  const roleToken = (role: 'anon' | 'service_role') =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(JWT_ISSUER)
      .setAudience(role)
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(4_102_444_800) // 2100-01-01: role keys are rotated by changing the secret
      .sign(secret);

  return {
    anonKey: await roleToken('anon'),
    serviceRoleKey: await roleToken('service_role'),
    mfaSecrets: createSecretBox(deriveMfaKey(mfaKey)),
    async signAccessToken({ sub, email, session_id, extra }) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        ...extra,
        email,
        session_id,
        role: 'authenticated',
        is_anonymous: false,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(JWT_ISSUER)
        .setAudience('authenticated')
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(secret);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: JWT_ISSUER,
          audience: ['anon', 'service_role', 'authenticated'],
          algorithms: ['HS256'],
        });
        if (payload.role === 'anon' && payload.aud === 'anon') return { role: 'anon' };
        if (payload.role === 'service_role' && payload.aud === 'service_role')
          return { role: 'service_role' };
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
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

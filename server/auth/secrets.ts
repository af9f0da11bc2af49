// Random tokens and their hashes. Every secret we hand out (refresh tokens, e-mail link tokens, auth codes)
// is stored only as its SHA-256, so a copy of the database signs nobody in.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_BYTES } from './limits';

export const randomToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** RFC 7636: 43-128 characters from the unreserved set. */
const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: 43 characters, no padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isPkceVerifier = (value: string): boolean => PKCE_VERIFIER.test(value);

/**
 * Reads the PKCE pair a client sent. Answers null when there is none, the challenge when it is a valid S256
 * one, and 'invalid' otherwise ('plain' is refused: S256 only).
 */
export function readCodeChallenge(challenge: unknown, method: unknown): string | null | 'invalid' {
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod || method.toLowerCase() !== 's256') return 'invalid';
  return S256_CHALLENGE.test(challenge) ? challenge : 'invalid';
}

export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!isPkceVerifier(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

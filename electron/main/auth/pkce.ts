// PKCE (RFC 7636) with S256 only, and the random state that ties a callback to the flow this app started.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters, inside PKCE's 43-128 and our deep-link state pattern. */
export function randomUrlToken(random: (bytes: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

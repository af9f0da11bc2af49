// Password hashing: argon2id with the OWASP-recommended cost (19 MiB, 2 passes, 1 lane). Sign-in with an
// unknown address still verifies a password, against a dummy hash, so the answer takes the same time
// whether or not the account exists.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm, Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, which isolatedModules cannot read)
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash; with no hash (unknown user, or an account that only signs in
 * with Google) it verifies against a dummy one and answers false, taking the same time.
 */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash signs nobody in
  }
}

// `npm run admin -- rotate-signing-key` and `new-signing-key`: the operator's side of the token signing keys.
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { KEEP_PUBLISHED_SECONDS, loadSecret, signingKeyBox } from '../keys';
import { generateSigningKey } from './signing-key-material';
import { rotateSigningKey } from './signing-key-store';

export const SIGNING_KEY_COMMANDS = ['rotate-signing-key', 'new-signing-key'] as const;
export type SigningKeyCommand = (typeof SIGNING_KEY_COMMANDS)[number];

export const isSigningKeyCommand = (args: readonly string[]): args is [SigningKeyCommand] =>
  args.length === 1 && (SIGNING_KEY_COMMANDS as readonly string[]).includes(args[0] ?? '');

/** A private JWK for JWT_SIGNING_KEYS; nothing is stored. */
export async function newSigningKeyJwk(): Promise<string> {
  return JSON.stringify((await generateSigningKey()).privateJwk);
}

/**
 * A new stored key signs from now on (each running instance switches within seconds); the keys it replaces
 * stay published until the last token they signed has expired.
 */
export async function rotateStoredSigningKey(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'jwtSigningKeys' | 'dataDir'>,
): Promise<{ code: 0 | 1; message: string }> {
  if (config.jwtSigningKeys) {
    return {
      code: 1,
      message:
        'Tokens are signed with the keys in JWT_SIGNING_KEYS: rotate by putting a new key first in that list ' +
        '(npm run admin -- new-signing-key) and keeping the old one after it until its tokens have expired.',
    };
  }
  const secret = await loadSecret(config.jwtSecret, config.dataDir);
  const rotation = await rotateSigningKey(db, signingKeyBox(secret), KEEP_PUBLISHED_SECONDS);
  const lines = [`Access tokens are now signed with key ${rotation.kid}.`];
  for (const old of rotation.superseded) {
    lines.push(`Key ${old.kid} stays published until ${old.retireAfter.toISOString()}.`);
  }
  for (const kid of rotation.retired) lines.push(`Key ${kid} is retired.`);
  return { code: 0, message: lines.join('\n') };
}

// Seals the reader's data at rest (the offline caches and outbox): AES-256-GCM under one random data key,
// and that key is kept in the token vault, so it is itself encrypted by safeStorage (the OS keyring,
// Keychain or DPAPI) exactly as the session is. Without the vault's key nothing on disk can be read.
// With a vault that keeps nothing (no encryption on this machine) the key lives for this run only: what
// was sealed becomes unreadable after a restart, and nothing is ever written in plain text.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sealer } from '@shared/offline/storage';
import type { TokenVault } from './auth/token-vault';

export type { Sealer };

export const DATA_KEY_VAULT_ITEM = 'shelfwise-data-key';
const VERSION = 'v1';

export function sealerWithKey(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The data key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not sealed data.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** The vault's data key, made on first use. */
export async function vaultSealer(vault: Pick<TokenVault, 'getItem' | 'setItem'>): Promise<Sealer> {
  const stored = await vault.getItem(DATA_KEY_VAULT_ITEM);
  const existing = stored ? Buffer.from(stored, 'base64') : null;
  if (existing?.length === 32) return sealerWithKey(existing);
  const key = randomBytes(32);
  await vault.setItem(DATA_KEY_VAULT_ITEM, key.toString('base64'));
  return sealerWithKey(key);
}

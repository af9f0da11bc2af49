// TOTP secrets at rest: sealed with AES-256-GCM under a key only the server's configuration holds, so a copy
// of the database (a backup, a replica, a dump) cannot produce anyone's codes. The key is MFA_ENCRYPTION_KEY
// when set, else derived (HKDF) from the JWT secret, which JWT_SECRET or DATA_DIR already keeps stable and
// shared between instances. Each sealed value is bound to its factor's id, so it cannot be moved to another row.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export interface SecretBox {
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when the value was not sealed by this key for `boundTo`. */
  open(sealed: string, boundTo: string): string | null;
  /**
   * A keyed digest (HMAC-SHA256 under a key derived apart from the sealing key) of `value` for `boundTo`:
   * what is kept of a recovery code, so a copy of the database cannot even test guesses against it.
   */
  digest(value: string, boundTo: string): string;
}

/** At least 32 characters of configured key material, or the JWT secret, stretched to an AES-256 key. */
export function deriveMfaKey(material: Uint8Array): Buffer {
  return deriveSealingKey(material, 'shelfwise mfa secret encryption');
}

/**
 * An AES-256 key for one purpose: the same material gives unrelated keys for TOTP secrets and for the token
 * signing keys (server/auth/signing-keys), so neither box can open the other's values.
 */
export function deriveSealingKey(material: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'shelfwise', purpose, 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the MFA encryption key must be 32 bytes');
  const digestKey = Buffer.from(
    hkdfSync('sha256', key, 'shelfwise', 'shelfwise mfa recovery code digest', 32),
  );
  return {
    digest(value, boundTo) {
      return createHmac('sha256', digestKey).update(`${boundTo}\n${value}`, 'utf8').digest('base64url');
    },
    seal(plain, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

// Electron's safeStorage as on a Linux desktop with a keyring: real AES-256-GCM under a key that lives only
// in this process. The simulated app's token vault therefore takes its encrypted path, and what it writes to
// its store is ciphertext the tests can search for tokens.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorage } from '../../../electron/main/auth/token-vault';

export function fakeSafeStorage(): SafeStorage {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

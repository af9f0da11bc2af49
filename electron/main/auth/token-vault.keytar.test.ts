// The token vault's one-time move out of the real OS keychain: keytar's native module talking to a Secret
// Service over D-Bus, as an older version of the app left the session there. Runs in CI under a headless gnome-keyring (DEPENDENCIES.md "keytar"); elsewhere, without a
// secret service, it is skipped and says why. KEYTAR_REQUIRED=1 turns that skip into a failure.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../testing/memory-store';
import { openTokenVault } from './token-vault';
import type { Keytar } from './token-vault';

const SERVICE = 'app.shelfwise.desktop.test';

async function availableKeytar(): Promise<{ keytar: Keytar } | { reason: string }> {
  let keytar: Keytar;
  try {
    keytar = createRequire(import.meta.url)('keytar') as Keytar;
  } catch (error) {
    return { reason: `keytar does not load (${(error as Error).message})` };
  }
  try {
    await Promise.race([
      keytar.getPassword(SERVICE, 'probe'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5000)),
    ]);
    return { keytar };
  } catch (error) {
    return { reason: `no D-Bus secret service (${(error as Error).message})` };
  }
}

const found = await availableKeytar();
const skipReason = 'reason' in found ? found.reason : null;
if (skipReason) {
  const hint = 'run it under dbus-run-session with gnome-keyring (DEPENDENCIES.md "keytar")';
  if (process.env.KEYTAR_REQUIRED === '1') throw new Error(`KEYTAR_REQUIRED=1 but ${skipReason}`);
  console.warn(`SKIPPED the real keychain test: ${skipReason}; ${hint}.`);
}

describe.skipIf(skipReason !== null)(
  `token vault on the real OS keychain${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('moves a session an older version kept in the keychain into safeStorage, and deletes it there', async () => {
      const keytar = (found as { keytar: Keytar }).keytar;
      const store = memoryStore();
      const scope = `test-${randomUUID()}`;
      const account = `${scope} sb-shelfwise-auth-token`;
      const session = JSON.stringify({ access_token: 'a', refresh_token: `r-${randomUUID()}` });
      await keytar.setPassword(SERVICE, account, session);
      // Reversible and visibly not plain text: Electron's safeStorage is not available in Node.
      const safeStorage = {
        isEncryptionAvailable: () => true,
        getSelectedStorageBackend: () => 'gnome_libsecret',
        encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
        decryptString: (buffer: Buffer) => Buffer.from(buffer.toString().slice(4), 'hex').toString(),
      };
      const open = () =>
        openTokenVault({
          service: SERVICE,
          scope,
          loadKeytar: () => keytar,
          migrateKeys: ['sb-shelfwise-auth-token'],
          safeStorage,
          openEncryptedStore: () => store,
          platform: 'linux',
          log: () => undefined,
        });
      const vault = await open();
      expect(vault).toMatchObject({ kind: 'safe-storage', persistent: true });
      expect(await vault.getItem('sb-shelfwise-auth-token')).toBe(session);
      // Gone from the keychain, and not in plain text in the store.
      expect(await keytar.getPassword(SERVICE, account)).toBeNull();
      expect(JSON.stringify(store.snapshot())).not.toContain(session);

      const nextRun = await open();
      expect(await nextRun.getItem('sb-shelfwise-auth-token')).toBe(session);
    });
  },
);

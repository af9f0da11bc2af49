// The token vault against the real OS keychain: keytar's native module talking to a Secret Service over
// D-Bus. Runs in CI under a headless gnome-keyring (DEPENDENCIES.md "keytar"); elsewhere, without a
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
    it('stores, reads back and deletes a session in the keychain, writing no file', async () => {
      const keytar = (found as { keytar: Keytar }).keytar;
      const store = memoryStore();
      const scope = `test-${randomUUID()}`;
      const vault = await openTokenVault({
        service: SERVICE,
        scope,
        loadKeytar: () => keytar,
        safeStorage: null,
        openEncryptedStore: () => store,
        platform: process.platform,
        log: () => undefined,
      });
      expect(vault).toMatchObject({ kind: 'keychain', persistent: true });

      const session = JSON.stringify({ access_token: 'a', refresh_token: `r-${randomUUID()}` });
      await vault.setItem('sb-shelfwise-auth-token', session);
      // Straight from the keychain, not from the vault's memory copy.
      expect(await keytar.getPassword(SERVICE, `${scope} sb-shelfwise-auth-token`)).toBe(session);

      const nextRun = await openTokenVault({
        service: SERVICE,
        scope,
        loadKeytar: () => keytar,
        safeStorage: null,
        openEncryptedStore: () => store,
        platform: process.platform,
        log: () => undefined,
      });
      expect(await nextRun.getItem('sb-shelfwise-auth-token')).toBe(session);

      await nextRun.removeItem('sb-shelfwise-auth-token');
      expect(await keytar.getPassword(SERVICE, `${scope} sb-shelfwise-auth-token`)).toBeNull();
      expect(store.snapshot()).toEqual({});
    });
  },
);

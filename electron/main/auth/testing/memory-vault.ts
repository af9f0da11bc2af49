// A vault for tests: neither keychain nor safeStorage, so the session lives in memory, scoped to the fake
// auth server. One object stands for the OS store across a simulated restart.
import { openTokenVault } from '../token-vault';
import type { TokenVault } from '../token-vault';
import { memoryStore } from '../../testing/memory-store';
import { FAKE_SERVER } from './fake-auth-server';

export function memoryVault(): Promise<TokenVault> {
  return openTokenVault({
    service: 'test',
    scope: FAKE_SERVER,
    loadKeytar: () => null,
    safeStorage: null,
    openEncryptedStore: () => memoryStore(),
    platform: 'linux',
    log: () => undefined,
  });
}

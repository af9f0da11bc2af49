// Test helper, not used by the app: a KeyValueStore in memory, with a snapshot of what was written.
import type { KeyValueStore } from '../key-value-store';

/** A store kept in memory; main itself always opens electron-store files (index.ts). */
export function memoryStore(
  initial: Record<string, unknown> = {},
): KeyValueStore & { snapshot(): Record<string, unknown> } {
  const data = new Map(Object.entries(structuredClone(initial)));
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
    snapshot: () => structuredClone(Object.fromEntries(data)),
  };
}

// The window's place between runs: its normal (unmaximised) bounds and whether it was maximised. Not user
// data, so it sits in its own plain store; restoreBounds (window.ts) decides whether it still fits the
// screens of this run.
import { z } from 'zod';
import type { KeyValueStore } from './key-value-store';

const KEY = 'windowState';

const savedState = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  maximized: z.boolean().optional(),
});
export type SavedWindowState = z.infer<typeof savedState>;

export interface WindowStateStore {
  read(): SavedWindowState | null;
  write(state: SavedWindowState): void;
}

export function createWindowStateStore(store: KeyValueStore): WindowStateStore {
  return {
    read() {
      const parsed = savedState.safeParse(store.get(KEY));
      return parsed.success ? parsed.data : null;
    },
    write(state) {
      store.set(KEY, state);
    },
  };
}

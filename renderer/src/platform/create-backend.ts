// Picks the Backend for where the renderer runs. The desktop implementation (window.shelfwise) joins here.
import type { Backend } from './backend';
import { createWebBackend } from './web';

export function createBackend(): Backend {
  return createWebBackend();
}

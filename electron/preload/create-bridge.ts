// Builds `window.shelfwise` from the channel lists: one function per `namespace:method` channel and one
// subscribe function per event. It hands the page functions only, never ipcRenderer or an IPC event, so a
// compromised page can reach nothing but these channels (ARCHITECTURE.md Style 3).
import type { ShelfwiseBridge } from '@shared/desktop-bridge';
import { EVENT_SUBSCRIPTIONS, INVOKE_METHODS } from './channels';

export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  /** Subscribes to `channel`, passing the payload only; answers the unsubscribe function. */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}

export function createBridge(ipc: BridgeIpc): ShelfwiseBridge {
  const bridge: Record<string, Record<string, (...args: never[]) => unknown>> = {};
  for (const [namespace, methods] of Object.entries(INVOKE_METHODS)) {
    const functions: Record<string, (...args: unknown[]) => unknown> = {};
    for (const method of methods) {
      const channel = `${namespace}:${method}`;
      functions[method] = (...args: unknown[]) => ipc.invoke(channel, ...args);
    }
    bridge[namespace] = functions;
  }
  for (const [namespace, subscriptions] of Object.entries(EVENT_SUBSCRIPTIONS)) {
    for (const [name, channel] of Object.entries(subscriptions)) {
      bridge[namespace]![name] = (listener: (payload: unknown) => void) => {
        if (typeof listener !== 'function') throw new TypeError(`${namespace}.${name} needs a function`);
        return ipc.subscribe(channel, (payload) => listener(payload));
      };
    }
  }
  return Object.freeze(bridge) as unknown as ShelfwiseBridge;
}

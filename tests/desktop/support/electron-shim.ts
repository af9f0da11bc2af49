// The `electron` module as the real preload (electron/preload/index.ts) sees it in the simulation. It runs in
// the page: `contextBridge` puts the API on the page as Electron's would, and `ipcRenderer` reaches main's
// real handlers through a Playwright binding (support/simulated-window.ts). Main's `webContents.send` arrives
// through `__shelfwiseSend`, which the test process calls with page.evaluate.
type IpcListener = (event: { sender: unknown }, payload: unknown) => void;

/** What support/simulated-window.ts installs in (and calls on) the page. */
export interface SimulationGlobals {
  __shelfwiseInvoke?: (channel: string, ...args: unknown[]) => Promise<unknown>;
  __shelfwiseSend?: (channel: string, payload: unknown) => void;
}

const page = globalThis as typeof globalThis & SimulationGlobals;
const listeners = new Map<string, Set<IpcListener>>();

export const ipcRenderer = {
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    // Looked up per call: Playwright installs its bindings alongside init scripts, in no set order.
    const invoke = page.__shelfwiseInvoke;
    if (!invoke) return Promise.reject(new Error('The simulated IPC is not connected.'));
    return invoke(channel, ...args);
  },
  on(channel: string, listener: IpcListener) {
    const set = listeners.get(channel) ?? new Set<IpcListener>();
    set.add(listener);
    listeners.set(channel, set);
    return ipcRenderer;
  },
  removeListener(channel: string, listener: IpcListener) {
    listeners.get(channel)?.delete(listener);
    return ipcRenderer;
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown) {
    // Like contextBridge: one read-only property the page can neither replace nor delete.
    Object.defineProperty(globalThis, key, {
      value: api,
      enumerable: true,
      writable: false,
      configurable: false,
    });
  },
};

Object.defineProperty(globalThis, '__shelfwiseSend', {
  value: (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer }, payload);
  },
});

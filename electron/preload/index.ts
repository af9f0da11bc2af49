// The preload of the main window (sandboxed, context-isolated): it exposes `window.shelfwise` and nothing
// else. Built to CommonJS, since a sandboxed preload cannot be an ES module.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { createBridge } from './create-bridge';

contextBridge.exposeInMainWorld(
  'shelfwise',
  createBridge({
    invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    subscribe(channel, listener) {
      // The IpcRendererEvent stays here: it carries `sender`, which is ipcRenderer itself.
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => void ipcRenderer.removeListener(channel, forward);
    },
  }),
);

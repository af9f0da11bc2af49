// A stand-in for the `electron` module, so the bundled main process can start in plain Node for the smoke
// test (electron/tooling/main-bundle.test.ts). It records what main asks of Electron, then calls the IPC
// handlers and the app:// protocol the way the real runtime would, and prints a JSON report.
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';

const report = {
  calls: [],
  ipc: {},
  windows: [],
  protocols: {},
  privileged: [],
  headers: null,
  permission: null,
};
const record = (name, ...args) =>
  report.calls.push([name, ...args.map((a) => (typeof a === 'function' ? '<fn>' : a))]);
const ipcHandlers = new Map();
const ipcListeners = new Map();
const protocolHandlers = new Map();
let headersListener = null;
let permissionHandler = null;

class Contents extends EventEmitter {
  url = '';
  openHandler = null;
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return false;
  }
  send(channel, payload) {
    record('webContents.send', channel, payload);
  }
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  enableSandbox: () => record('app.enableSandbox'),
  setAppUserModelId: (id) => record('app.setAppUserModelId', id),
  getPath: () => process.env.STUB_USER_DATA,
  getAppPath: () => process.env.STUB_APP_PATH,
  getVersion: () => '0.1.0-test',
  requestSingleInstanceLock: () => (record('app.requestSingleInstanceLock'), true),
  setAsDefaultProtocolClient: (...args) => (record('app.setAsDefaultProtocolClient', ...args), true),
  whenReady: () => Promise.resolve(),
  quit: () => record('app.quit'),
});

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => report.privileged.push(...schemes),
  handle: (scheme, handler) => protocolHandlers.set(scheme, handler),
};

export const session = {
  // Main's own network partition (index.ts): Node's fetch stands in for Chromium's.
  fromPartition: (partition) => {
    record('session.fromPartition', partition);
    return { fetch: (input, init) => globalThis.fetch(input, init) };
  },
  defaultSession: {
    setPermissionRequestHandler: (handler) => (permissionHandler = handler),
    setPermissionCheckHandler: (handler) => record('setPermissionCheckHandler', handler()),
    webRequest: { onHeadersReceived: (listener) => (headersListener = listener) },
  },
};

export const ipcMain = {
  handle: (channel, listener) => ipcHandlers.set(channel, listener),
  on: (channel, listener) => ipcListeners.set(channel, listener),
  removeAllListeners: (channel) => ipcListeners.delete(channel),
};

export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: () => {
    throw new Error('not available');
  },
  decryptString: () => {
    throw new Error('not available');
  },
};

export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
export const shell = { openExternal: async (url) => record('shell.openExternal', url) };
export const nativeTheme = { themeSource: 'system' };
export const Notification = Object.assign(
  class extends EventEmitter {
    show() {}
  },
  { isSupported: () => false },
);
export const dialog = { showMessageBox: async () => ({ response: 1 }) };
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) =>
    (report.menu = menu.template.map((item) => ({
      label: item.label ?? null,
      role: item.role ?? null,
      items: (item.submenu ?? []).map((sub) => ({
        label: sub.label ?? null,
        role: sub.role ?? null,
        accelerator: sub.accelerator ?? null,
        enabled: sub.enabled ?? true,
      })),
    }))),
};
export const contextBridge = {};
export const ipcRenderer = {};

async function finish(window) {
  const contents = window.webContents;
  const frame = (url, parent = null) => ({ senderFrame: { url, parent, detached: false } });
  report.ipc.channels = [...ipcHandlers.keys()].sort();
  report.ipc.leftoverListeners = [...ipcListeners.keys()];
  report.ipc.appInfo = await ipcHandlers.get('app:info')(frame('app://shelfwise/settings'));
  report.ipc.fromForeignPage = await ipcHandlers.get('app:info')(frame('https://evil.example/'));
  report.ipc.fromIframe = await ipcHandlers.get('app:info')(frame('app://shelfwise/', {}));
  report.ipc.sfWithServerDown = await ipcHandlers.get('sf:call')(
    frame('app://shelfwise/'),
    'list-shelves',
    {},
  );
  report.ipc.getSession = await ipcHandlers.get('auth:getSession')(frame('app://shelfwise/'));

  const page = await protocolHandlers.get('app')(new Request('app://shelfwise/settings'));
  report.protocols.app = {
    status: page.status,
    type: page.headers.get('content-type'),
    csp: page.headers.get('content-security-policy'),
    body: await page.text(),
  };
  const escape = await protocolHandlers.get('app')(new Request('app://shelfwise/..%2f..%2fpackage.json'));
  report.protocols.escape = escape.status;

  headersListener(
    { url: 'app://shelfwise/', responseHeaders: {} },
    (answer) => (report.headers = answer.responseHeaders),
  );
  permissionHandler(contents, 'media', (granted) => (report.permission = granted));

  const navigate = (url) => {
    let prevented = false;
    contents.emit('will-navigate', { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  };
  report.navigation = {
    ownPage: navigate('app://shelfwise/work/1'),
    external: navigate('https://openlibrary.org/'),
    file: navigate('file:///etc/passwd'),
  };
  report.windowOpen = contents.openHandler({ url: 'https://example.org/' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  writeFileSync(process.env.STUB_REPORT, JSON.stringify(report));
  process.exit(0);
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.webContents = new Contents();
    report.windows.push(options);
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url) {
    record('loadURL', url);
    this.webContents.url = url;
    setTimeout(
      () =>
        void finish(this).catch((error) => {
          console.error(error);
          process.exit(3);
        }),
      100,
    );
  }
  show() {}
  focus() {}
  isMinimized() {
    return false;
  }
  restore() {}
  maximize() {}
  isMaximized() {
    return false;
  }
  setProgressBar() {}
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 860 };
  }
}

export default {
  app,
  protocol,
  session,
  ipcMain,
  safeStorage,
  screen,
  shell,
  BrowserWindow,
  Menu,
  Notification,
  dialog,
  nativeTheme,
  contextBridge,
  ipcRenderer,
};

// `node --import ./register-electron-stub.mjs dist-electron/main/index.js`
import { register } from 'node:module';

register('./electron-stub-hooks.mjs', import.meta.url);

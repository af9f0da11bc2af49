// Main's log. A packaged app has no console anyone can read, so every line also goes to a file in the app's
// log folder (electron-log: ~/.config/Shelfwise/logs on Linux, ~/Library/Logs/Shelfwise on macOS,
// %APPDATA%\Shelfwise\logs on Windows), rotated at 1 MB with the previous file kept as main.old.log. Help →
// Open Logs shows the folder. Lines are what main already logs: never tokens, bodies or e-mail addresses.
import { join } from 'node:path';
// The Node entry, with the folder handed in: the Electron entry requires `electron` from CommonJS, which the
// built bundle's Electron stand-in (electron/tooling/testing) cannot serve on Node 20.
import electronLog from 'electron-log/node';

const MAX_LOG_BYTES = 1024 * 1024;

export interface MainLog {
  log: (message: string) => void;
  /** The folder holding main.log, for Help → Open Logs. */
  folder: () => string;
}

/** `logsFolder` is Electron's app.getPath('logs'), asked for at the first line written. */
export function createMainLog(logsFolder: () => string): MainLog {
  const file = electronLog.transports.file;
  file.resolvePathFn = () => join(logsFolder(), 'main.log');
  file.maxSize = MAX_LOG_BYTES;
  file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  electronLog.transports.console.format = '[shelfwise] {text}';
  return {
    log: (message) => electronLog.warn(message),
    folder: logsFolder,
  };
}

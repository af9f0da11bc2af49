// Where the desktop app finds its server and its pages. The server comes from SHELFWISE_SERVER_URL, else
// `serverUrl` in settings.json in the app's data folder, else the server a packaged build was made for
// (main/release.ts), else, unpackaged, the default of ARCHITECTURE.md. The pages come
// from the packaged build over app://shelfwise/, or, only in an unpackaged run, from Vite's dev server.
import { hasCredentials, isWebUrl, parseUrl } from '@shared/url';

export const DEFAULT_SERVER_URL = 'http://localhost:8787';
/** The privileged scheme that serves the packaged renderer (registered in main/app-protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'shelfwise';
export const PACKAGED_RENDERER_URL = `${APP_SCHEME}://${APP_HOST}/`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export class DesktopConfigError extends Error {
  override readonly name = 'DesktopConfigError';
}

export interface DesktopConfig {
  /** The server's base URL without a trailing slash. */
  serverUrl: string;
  /** The page the window loads. */
  rendererUrl: string;
  /** The server offered first when the reader chooses: the build's, else the development default. */
  defaultServerUrl: string;
  /** Whether settings.json names a server: false on a first run, which asks the reader. */
  serverChosen: boolean;
  /** SHELFWISE_SERVER_URL sets the server for this run; the reader's choice cannot change it. */
  serverFixed: boolean;
}

function parseHttpUrl(value: string, what: string): URL {
  const url = parseUrl(value, Number.POSITIVE_INFINITY);
  if (!url) throw new DesktopConfigError(`${what} is not a URL: ${value}`);
  if (!isWebUrl(url)) throw new DesktopConfigError(`${what} must be an http(s) URL: ${value}`);
  if (hasCredentials(url)) throw new DesktopConfigError(`${what} must not contain credentials.`);
  if (url.search || url.hash) throw new DesktopConfigError(`${what} must not have a query or a fragment.`);
  return url;
}

/**
 * The server URL, normalised. Plain http is allowed only on this machine: elsewhere the access and refresh
 * tokens would cross the network in the clear.
 */
export function checkServerUrl(value: string): string {
  const url = parseHttpUrl(value.trim(), 'The server URL');
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    throw new DesktopConfigError(
      `The server URL must use https unless the server runs on this machine: ${value}`,
    );
  return url.href.replace(/\/+$/, '');
}

/** Vite's dev server, which may only be on this machine. */
export function checkDevRendererUrl(value: string): string {
  const url = parseHttpUrl(value.trim(), 'SHELFWISE_RENDERER_URL');
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname))
    throw new DesktopConfigError(`SHELFWISE_RENDERER_URL must be an http URL on this machine: ${value}`);
  return url.href;
}

export interface ConfigSources {
  env: Record<string, string | undefined>;
  /** settings.json from the app's data folder, parsed, or null when there is none. */
  settings: unknown;
  /** Electron's app.isPackaged: a packaged app never loads pages from a dev server. */
  packaged: boolean;
  /** The server the build was made for (main/release.ts); null in builds not made for release. */
  releaseServerUrl?: string | null;
}

export function resolveDesktopConfig({
  env,
  settings,
  packaged,
  releaseServerUrl = null,
}: ConfigSources): DesktopConfig {
  const fromSettings =
    settings &&
    typeof settings === 'object' &&
    'serverUrl' in settings &&
    typeof settings.serverUrl === 'string'
      ? settings.serverUrl
      : undefined;
  const defaultServerUrl = checkServerUrl(releaseServerUrl || DEFAULT_SERVER_URL);
  const serverUrl = checkServerUrl(env.SHELFWISE_SERVER_URL || fromSettings || defaultServerUrl);
  const devRenderer =
    !packaged && env.SHELFWISE_RENDERER_URL ? checkDevRendererUrl(env.SHELFWISE_RENDERER_URL) : null;
  return {
    serverUrl,
    rendererUrl: devRenderer ?? PACKAGED_RENDERER_URL,
    defaultServerUrl,
    serverChosen: fromSettings !== undefined,
    serverFixed: Boolean(env.SHELFWISE_SERVER_URL),
  };
}

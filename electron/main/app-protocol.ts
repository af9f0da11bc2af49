// app://shelfwise/ serves the packaged renderer (dist/web) to the window. A privileged standard scheme
// rather than file:// gives the pages a real origin (so the CSP's 'self', the sender check and history
// routing work) and never exposes the rest of the disk: every request is mapped into the build folder or
// refused.
import { extname, resolve, sep } from 'node:path';
import { parseUrl } from '@shared/url';
import { APP_HOST, APP_SCHEME } from './app-config';

/** Registered before `ready` (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export type AppAsset = { kind: 'file'; path: string; contentType: string } | { kind: 'not-found' };

/**
 * The file a request URL maps to inside `root`. Paths without an extension are the renderer's routes
 * (/settings, /work/...) and get index.html; anything that leaves `root`, names another host or carries
 * encoded slashes, backslashes or NUL is refused.
 */
export function resolveAppAsset(
  root: string,
  requestUrl: string,
  exists: (path: string) => boolean,
): AppAsset {
  const url = parseUrl(requestUrl, Number.POSITIVE_INFINITY);
  if (!url || url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { kind: 'not-found' };
  if (/%2f|%5c|%00/i.test(url.pathname)) return { kind: 'not-found' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (pathname.includes('\\') || pathname.includes('\0')) return { kind: 'not-found' };

  const base = resolve(root);
  const target = resolve(base, `.${pathname}`);
  if (target !== base && !target.startsWith(base + sep)) return { kind: 'not-found' };

  const extension = extname(target).toLowerCase();
  if (!extension) return file(resolve(base, 'index.html'));
  if (!exists(target)) return { kind: 'not-found' };
  return file(target);
}

function file(path: string): AppAsset {
  return {
    kind: 'file',
    path,
    contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
  };
}

export interface AppProtocolDeps {
  root: string;
  exists: (path: string) => boolean;
  readFile: (path: string) => Promise<Uint8Array>;
  /** Headers every answer carries (the CSP). */
  headers: Record<string, string>;
}

/** The handler for protocol.handle(APP_SCHEME, ...). */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    const asset = resolveAppAsset(deps.root, request.url, deps.exists);
    if (asset.kind === 'not-found' || request.method !== 'GET')
      return new Response('Not found', {
        status: 404,
        headers: { 'content-type': 'text/plain', ...deps.headers },
      });
    let body: Uint8Array;
    try {
      body = await deps.readFile(asset.path);
    } catch {
      return new Response('Not found', {
        status: 404,
        headers: { 'content-type': 'text/plain', ...deps.headers },
      });
    }
    return new Response(body, {
      status: 200,
      headers: { 'content-type': asset.contentType, 'x-content-type-options': 'nosniff', ...deps.headers },
    });
  };
}

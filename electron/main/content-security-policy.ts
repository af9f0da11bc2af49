// The Content-Security-Policy of our own pages. The renderer talks to the server only through the preload
// bridge, so it needs no network beyond its own origin; images come from the server (avatars and covers,
// which the server caches from Open Library: issue 17) and from https (journal images); journal embeds are
// video players (SPEC.md §3).
import { isAppUrl } from './app-origin';

export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

export interface CspOptions {
  /** The server's origin, for avatars and covers on a plain-http local server. */
  serverOrigin: string;
  /** Vite's dev server origin in development: its module preamble is inline and HMR uses a WebSocket. */
  devServerOrigin?: string | null;
}

export function contentSecurityPolicy({ serverOrigin, devServerOrigin = null }: CspOptions): string {
  const dev = devServerOrigin ? new URL(devServerOrigin) : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval': the barcode scanner's WebAssembly reader (issue 29), bundled with the app.
    'script-src': dev
      ? ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"]
      : ["'self'", "'wasm-unsafe-eval'"],
    // Mantine sets style attributes and injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', serverOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': dev ? ["'self'", `ws://${dev.host}`] : ["'self'"],
    'frame-src': [...EMBED_FRAME_ORIGINS],
    'media-src': ["'none'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

export interface HeadersDetails {
  url: string;
  responseHeaders?: Record<string, string[] | string>;
}

/**
 * Response headers for session.webRequest.onHeadersReceived: our own pages get our CSP (replacing any the
 * dev server sent); other origins (embedded players, images) keep their own headers untouched.
 */
export function headersWithCsp(
  details: HeadersDetails,
  appOrigin: string,
  csp: string,
): Record<string, string[] | string> {
  const headers = { ...(details.responseHeaders ?? {}) };
  if (!isAppUrl(details.url, appOrigin)) return headers;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-security-policy') delete headers[name];
  }
  headers['Content-Security-Policy'] = [csp];
  return headers;
}

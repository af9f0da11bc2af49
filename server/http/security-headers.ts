// The security headers of every response (issue 13 §9): Hono's secure headers, a strict
// Content-Security-Policy for the web app and a Permissions-Policy that denies the powerful features
// Shelfwise never uses. A handler that sets its own Content-Security-Policy keeps it: avatar objects are
// served with a stricter one (server/storage/storage-router.ts).
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type CspOptions = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;
type PermissionsPolicy = NonNullable<SecureHeadersOptions['permissionsPolicy']>;

/** The players the journal's embed tool frames (@editorjs/embed with youtube and vimeo only). */
export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
];
/** Where Google serves the profile pictures that Google sign-in stores as avatar_url. */
export const GOOGLE_AVATAR_SOURCE = 'https://*.googleusercontent.com';

/** The policy of the web app, by directive; every other response carries it too. */
export function webContentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'googleClientId'>,
): Required<Pick<CspOptions, 'defaultSrc' | 'imgSrc'>> & CspOptions {
  return {
    defaultSrc: ["'self'"],
    // Only our own bundles: no inline script, no eval. The built index.html has no inline script.
    // 'wasm-unsafe-eval' lets the barcode scanner compile its WebAssembly reader (issue 29), which comes from
    // our own origin like every script; it allows no JavaScript eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Mantine sets style attributes and injects <style> elements at run time, as do Editor.js and its
    // tools; a nonce cannot cover style attributes, so inline styles are allowed (scripts are not).
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: for inline icons; blob: for the preview of an avatar chosen in Settings before it is uploaded;
    // PUBLIC_URL's origin because avatar URLs are stored on it, even when the page is reached by another
    // name (127.0.0.1 for localhost). Covers are ours too (server/covers): no covers host is allowed, so a
    // reader's browser never tells Open Library what they are looking at.
    imgSrc: [
      ...new Set([
        "'self'",
        'data:',
        'blob:',
        new URL(config.publicUrl).origin,
        ...(config.googleClientId ? [GOOGLE_AVATAR_SOURCE] : []),
      ]),
    ],
    fontSrc: ["'self'"],
    // supabase-js and /sf/ calls go to the server that served the page.
    connectSrc: ["'self'"],
    frameSrc: EMBED_FRAME_ORIGINS,
    mediaSrc: ["'none'"],
    objectSrc: ["'none'"],
    // The web app's service worker (issue 29), from our own origin only.
    workerSrc: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Features no page of ours uses, denied to the page and to anything it frames (the video players too). The
 * camera is our own page's alone: the barcode scanner reads ISBNs with it (issue 29); no frame may ask.
 */
export const PERMISSIONS_POLICY: PermissionsPolicy = {
  accelerometer: [],
  browsingTopics: [],
  camera: ['self'],
  displayCapture: [],
  geolocation: [],
  gyroscope: [],
  hid: [],
  idleDetection: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  screenWakeLock: [],
  serial: [],
  usb: [],
  xrSpatialTracking: [],
};

export function securityHeaders(config: Pick<Config, 'publicUrl' | 'googleClientId'>): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: webContentSecurityPolicy(config),
    permissionsPolicy: PERMISSIONS_POLICY,
    xFrameOptions: 'DENY',
    // The desktop app's pages (app:// origin) show avatars from this server, so resources may be embedded
    // cross-origin; CSP frame-ancestors still keeps our pages out of frames.
    crossOriginResourcePolicy: 'cross-origin',
    // Off, as it always was: the app opens no windows to share, and Chromium ignores the header with a
    // console error on a plain-http address other than localhost (a LAN server).
    crossOriginOpenerPolicy: false,
    // A response that brings its own policy (an avatar object) keeps it.
    overwrite: false,
  });
}

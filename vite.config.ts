import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestOptions } from 'vite-plugin-pwa';

const shared = fileURLToPath(new URL('./shared', import.meta.url));

/**
 * @editorjs/image bundles a helper that finds the global object with `new Function("return this")()` when it
 * loads. The web app's CSP allows no eval (server/http/security-headers.ts): the call is refused and caught,
 * but reported as a violation each time the journal opens. globalThis is the same object, without eval.
 */
function globalThisWithoutEval(): Plugin {
  const evalGlobal = 'new Function("return this")()';
  return {
    name: 'shelfwise:global-this-without-eval',
    transform(code, id) {
      if (!/\/node_modules\/@editorjs\/image\/.*\.m?js$/.test(id)) return null;
      if (!code.includes(evalGlobal)) {
        throw new Error(`@editorjs/image no longer has ${evalGlobal}: check the journal under the CSP.`);
      }
      return { code: code.replaceAll(evalGlobal, 'globalThis'), map: null };
    },
  };
}

// The installable web app (issue 29): the manifest, and a Workbox service worker that precaches the app
// shell and every route's chunks, so Shelfwise installs from the browser and opens without a connection.
// The worker keeps code and icons only. Answers from /sf/, /auth/, /storage/ and /covers/ are never put in
// its caches: a shared device must never show one reader's data to the next (the signed-in reader's offline
// copy lives in the renderer's offline store, which sign-out clears).

/** The page background of each colour scheme (Mantine's body colour), for the browser's chrome. */
const THEME_COLORS = { light: '#ffffff', dark: '#242424' } as const;

/** Paths the server answers itself: a navigation there must reach the server, never the cached shell. */
const SERVER_PATHS = /^\/(sf|auth|storage|covers|client-config|dev|health|metrics|\.well-known)(\/|$)/;

const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Shelfwise',
  short_name: 'Shelfwise',
  description: 'Shelfwise: manage your reading journey with precision.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  categories: ['books', 'lifestyle'],
  // The manifest holds one colour; index.html's theme-color metas give each scheme its own.
  theme_color: THEME_COLORS.light,
  background_color: THEME_COLORS.light,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

function shelfwisePwa() {
  return VitePWA({
    // The page asks before it swaps versions ("A new version is ready: Reload"), never mid-session.
    registerType: 'prompt',
    // Registered by the renderer itself (renderer/src/pwa), on the web only: the desktop app has its own
    // offline store and its pages are not served from an http origin.
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    manifest: WEB_APP_MANIFEST,
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2,webmanifest}'],
      globIgnores: ['**/*.map'],
      // The journal's editor and the stats charts are the largest route chunks; all of them are precached.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [SERVER_PATHS],
      cleanupOutdatedCaches: true,
      // A new worker waits until the reader chooses Reload; then it takes the open pages at once.
      skipWaiting: false,
      clientsClaim: false,
      sourcemap: false,
      runtimeCaching: [
        {
          // The anon key and the server's address: the same for every reader, needed to start offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/client-config',
          handler: 'NetworkFirst',
          method: 'GET',
          options: { cacheName: 'shelfwise-client-config', networkTimeoutSeconds: 5 },
        },
      ],
    },
  });
}

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react(), globalThisWithoutEval(), shelfwisePwa()],
  resolve: { alias: { '@shared': shared } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Zod and the module that turns its eval-compiled parsers off (zod-without-eval.ts) share a chunk of
        // their own, so the switch runs before any schema is built: a schema built first probes for eval
        // with new Function, which the Content-Security-Policy reports as a violation on every page. Left to
        // itself, Rollup put the schemas in a shared chunk that ran before the entry's first import.
        manualChunks(id) {
          if (id.includes('/node_modules/zod/') || id.endsWith('/zod-without-eval.ts')) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/sf', '/auth', '/storage', '/client-config', '/dev', '/health'].map((p) => [
        p,
        process.env.API_URL ?? 'http://localhost:8787',
      ]),
    ),
  },
});

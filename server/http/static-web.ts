// Serves the built web app: files from dist/web, and index.html for every other GET so the client-side
// router can take the path (SPEC.md routes, including unknown paths that show the 404 page).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** The built files whose names carry no content hash (vite-plugin-pwa's sw.js, workbox-*.js, the manifest). */
const UNHASHED_APP_FILES = /^\/(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|color-scheme\.js)$/;

export function mountWebApp(app: Hono, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
    return;
  }
  const index = readFileSync(indexFile, 'utf8');
  // Hashed asset names never change content, so browsers may keep them for a year.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker, its Workbox runtime and the manifest keep their names from build to build: browsers
  // must ask each time, or a reader would keep an old version's worker (and so an old app) for a day.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && UNHASHED_APP_FILES.test(c.req.path)) c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root: distDir }));
  // A file of an older build that is gone (a worker, a chunk) must fail as missing, not arrive as the page:
  // a script that is HTML breaks the app where a 404 lets the worker and the router recover.
  app.get('*', (c, next) =>
    c.req.path.startsWith('/assets/') || /^\/(sw|workbox-[\w-]+)\.js$/.test(c.req.path)
      ? c.text('Not found.', 404)
      : next(),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(index);
  });
}

// `npm run screenshots`: every route of SPEC.md §2, signed out and signed in, at 1280 and 390 px, in the
// light and the dark scheme, into docs/screenshots/<width>-<scheme>/<signed-out|signed-in>-<screen>.png, so
// a change to how the app looks can be reviewed by eye (issue 17).
//
// It needs nothing running: it builds the web app into a folder of its own, starts the real server on a
// free port with a fresh embedded database (the demo catalogue seeded) and the recorded Open Library
// fixture, and makes a reader with a book in progress, a journal, a review, a goal and a shelf.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, request as apiRequest } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { createConfirmedReader, logIn } from '../tests/e2e/support/accounts';
import type { Reader } from '../tests/e2e/support/accounts';
import { setUpReaderScene, signedInRoutes, signedOutRoutes } from '../tests/e2e/support/reader-scene';
import type { SceneRoute } from '../tests/e2e/support/reader-scene';
import { settle } from '../tests/e2e/support/settle';
import { CHROMIUM_LAUNCH_OPTIONS } from '../tests/support/chromium';
import { startOpenLibraryFixture } from '../tests/support/openlibrary-fixture';
import { startServerProcess } from '../tests/support/server-process';

const OUT_DIR = resolve('docs/screenshots');
const WIDTHS = [
  { width: 1280, height: 800, mobile: false },
  { width: 390, height: 844, mobile: true },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const reader: Reader = {
  firstName: 'Dorothea',
  lastName: 'Brooke',
  username: 'dorothea',
  email: 'dorothea@example.test',
  password: 'Lowick#Manor1',
};

async function shoot(
  browser: Browser,
  options: { baseURL: string; width: (typeof WIDTHS)[number]; scheme: 'light' | 'dark' },
  routes: SceneRoute[],
  prefix: string,
  storageState?: string,
): Promise<number> {
  const { width, scheme } = options;
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: { width: width.width, height: width.height },
    isMobile: width.mobile,
    hasTouch: width.mobile,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    storageState,
  });
  const page = await context.newPage();
  const folder = join(OUT_DIR, `${width.width}-${scheme}`);
  for (const { path, name } of routes) {
    await page.goto(path);
    await settle(page);
    await page.screenshot({ path: join(folder, `${prefix}-${name}.png`), fullPage: true });
  }
  await context.close();
  return routes.length;
}

async function main() {
  const started = Date.now();
  const work = await mkdtemp(join(tmpdir(), 'shelfwise-screenshots-'));
  const webDir = join(work, 'web');
  console.log('Building the web app…');
  const operatorNodeEnv = process.env.NODE_ENV;
  await build({ logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
  // Vite's build sets NODE_ENV=production for this process; the server child gets its own below.
  if (operatorNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = operatorNodeEnv;

  const fixture = await startOpenLibraryFixture(0);
  console.log('Starting the server (seeding the demo catalogue)…');
  const server = await startServerProcess(
    {
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: '',
      SEED_DEMO: '1',
      WEB_DIST_DIR: webDir,
      OPENLIBRARY_URL: fixture.url,
      COVERS_URL: `${fixture.url}/covers`,
      ADMIN_EMAILS: reader.email,
    },
    { readyTimeoutMs: 180_000 },
  );
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  let shots = 0;
  try {
    const request = await apiRequest.newContext({ baseURL: server.url });
    await createConfirmedReader(request, reader);
    const scene = await setUpReaderScene(request, reader);
    await request.dispose();

    const session = join(work, 'session.json');
    const signIn = await browser.newContext({ baseURL: server.url });
    await logIn(await signIn.newPage(), reader.email, reader.password);
    await signIn.storageState({ path: session });
    await signIn.close();

    await rm(OUT_DIR, { recursive: true, force: true });
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        await mkdir(join(OUT_DIR, `${width.width}-${scheme}`), { recursive: true });
        const options = { baseURL: server.url, width, scheme };
        shots += await shoot(browser, options, signedOutRoutes(scene), 'signed-out');
        shots += await shoot(browser, options, signedInRoutes(scene), 'signed-in', session);
        console.log(`${width.width}-${scheme}: done`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await fixture.close();
    await rm(work, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${shots} screenshots in ${OUT_DIR} (${seconds} s)`);
}

await main();

// `npm run bench -- --lighthouse` (issue 29): Lighthouse 12.2.3 on our production build, served by our own
// server (PGlite, demo catalogue), in Debian's Chromium, with Lighthouse's default mobile profile (a
// mid-range phone's screen and CPU, simulated slow 4G). Four pages: the dashboard signed in, a work page,
// search and a shelf; then the dashboard's first load (no service worker, empty caches) and repeat load
// (the service worker installed), and Chromium's own installability check of the manifest
// (Page.getInstallabilityErrors: Lighthouse 12 has no PWA category any more).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import type { Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tests/support/chromium';
import { createConfirmedReader, logIn } from '../../tests/e2e/support/accounts';
import { findWork, signInApi } from '../../tests/e2e/support/api';
import { startServer } from './server-process';
import { buildWeb } from './web-bundle';

export interface LighthousePage {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The failing audits of the three categories, by id, for the report. */
  failing: string[];
}

export interface LighthouseResult {
  pages: LighthousePage[];
  firstLoad: LighthousePage;
  repeatLoad: LighthousePage & { fromServiceWorker: number; responses: number };
  installabilityErrors: string[];
}

const DEBUGGING_PORT = 9333 + Math.floor(Math.random() * 500);

async function audit(name: string, url: string): Promise<LighthousePage> {
  const runner = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The signed-in reader's session lives in localStorage: Lighthouse must not wipe it. The caches that a
    // first load must not find are cleared by hand instead (clearCaches).
    disableStorageReset: true,
  });
  if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = runner;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${category.id}: ${a.id} (${a.title})`),
  );
  return {
    name,
    path: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing,
  };
}

/** Forgets the service worker, Cache Storage and the HTTP cache of the origin, keeping localStorage. */
async function clearCaches(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

export async function benchLighthouse(log: (line: string) => void): Promise<LighthouseResult> {
  const distDir = await mkdtemp(join(tmpdir(), 'sf-lighthouse-web-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'sf-lighthouse-data-'));
  await buildWeb(distDir);
  log('lighthouse: web built');
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    SEED_DEMO: '1',
    MAIL_MAILBOX: '1',
  });
  const profileDir = await mkdtemp(join(tmpdir(), 'sf-lighthouse-profile-'));
  // The browser's default profile, which the tabs Lighthouse opens share: the session signed in here holds.
  const context = await chromium.launchPersistentContext(profileDir, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--remote-debugging-port=${DEBUGGING_PORT}`],
    baseURL: server.base,
    viewport: { width: 390, height: 844 },
  });
  const api = await playwrightRequest.newContext({ baseURL: server.base });
  try {
    const reader = {
      firstName: 'Lena',
      lastName: 'Lighthouse',
      username: `lighthouse_${Date.now().toString(36)}`,
      email: `lighthouse-${Date.now().toString(36)}@example.test`,
      password: 'Sturdy#Pass1',
    };
    await createConfirmedReader(api, reader);
    const client = await signInApi(api, reader);
    const work = await findWork(api, 'The Martian Andy Weir');
    const { id: shelfId } = await client.sf('create-shelf', { name: 'On the train' });
    await client.sf('add-to-shelf', {
      shelf_id: shelfId,
      edition_id: work.primaryEditionId!,
      work_id: work.workId,
    });
    await client.sf('log-progress-event', {
      work_id: work.workId,
      edition_id: work.primaryEditionId!,
      event_type: 'start',
      start_page: 1,
    });

    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await logIn(page, reader.email, reader.password);

    const targets = [
      { name: 'Dashboard (signed in)', path: '/' },
      { name: 'Work page', path: `/work/${work.workId}` },
      { name: 'Search', path: '/search/andy%20weir' },
      { name: 'Shelf', path: `/shelf/${shelfId}` },
    ];
    const pages: LighthousePage[] = [];
    for (const target of targets) {
      await clearCaches(page, server.base);
      pages.push(await audit(target.name, `${server.base}${target.path}`));
      log(`lighthouse: ${target.name} ${JSON.stringify(pages.at(-1))}`);
    }

    // First load: nothing cached; the service worker installs during it and precaches the app.
    await clearCaches(page, server.base);
    const firstLoad = await audit('Dashboard, first load', `${server.base}/`);
    await page.goto(`${server.base}/`);
    // Until the worker has installed and taken over (a string: this file is compiled without the DOM types).
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    // Repeat load: the installed worker answers the app's code; counted from the page itself.
    let fromServiceWorker = 0;
    let responses = 0;
    page.on('response', (response) => {
      responses += 1;
      if (response.fromServiceWorker()) fromServiceWorker += 1;
    });
    await page.reload({ waitUntil: 'networkidle' });
    page.removeAllListeners('response');
    const repeat = await audit('Dashboard, repeat load', `${server.base}/`);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await cdp.detach();
    return {
      pages,
      firstLoad,
      repeatLoad: { ...repeat, fromServiceWorker, responses },
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
    };
  } finally {
    await api.dispose();
    await context.close();
    await server.stop();
    await rm(profileDir, { recursive: true, force: true });
    await rm(distDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function renderLighthouseSection(result: LighthouseResult): string {
  const row = (p: LighthousePage) =>
    `| ${p.name} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.fcpMs.toFixed(0)} | ${p.lcpMs.toFixed(0)} | ${p.tbtMs.toFixed(0)} | ${p.cls.toFixed(3)} |`;
  const all = [...result.pages, result.firstLoad, result.repeatLoad];
  return [
    '## Lighthouse 12.2.3, mobile profile, simulated slow 4G',
    '',
    '| page | Performance | Accessibility | Best Practices | FCP ms | LCP ms | TBT ms | CLS |',
    '|---|---|---|---|---|---|---|---|',
    ...all.map(row),
    '',
    `Repeat load: ${result.repeatLoad.fromServiceWorker} of ${result.repeatLoad.responses} responses came from the service worker.`,
    `Installability (Chromium's Page.getInstallabilityErrors): ${result.installabilityErrors.length === 0 ? 'none, installable' : result.installabilityErrors.join(', ')}.`,
    '',
    ...all.flatMap((p) => p.failing.map((f) => `- ${p.name}: ${f}`)),
    '',
  ].join('\n');
}

// First contentful paint and time to interactive of pages in headless Chromium on loopback, each load in a
// fresh browser context (an empty cache, as a first visit). FCP is the browser's own paint entry. Time to
// interactive is a lab approximation of Lighthouse's: the end of the last long task (over 50 ms) or
// network request before the page stays quiet for a whole second, and never before FCP or
// DOMContentLoaded. Chromium is started as the test suites start it.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../tests/support/chromium';
import { percentile } from './stats';

export interface PageLoad {
  url: string;
  runs: number;
  fcpMedian: number;
  ttiMedian: number;
  ttiP95: number;
}

const QUIET_MS = 1000;
const GIVE_UP_MS = 15_000;

// Runs in the page before its scripts: records when each long task ends.
const OBSERVE_LONG_TASKS = `
  window.__longTaskEnds = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTaskEnds.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });`;

interface Timings {
  now: number;
  fcp: number | null;
  dcl: number;
  lastBusy: number;
}

const READ_TIMINGS = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const resources = performance.getEntriesByType('resource').map((r) => r.responseEnd);
  const busy = [...window.__longTaskEnds, ...resources, nav ? nav.loadEventEnd : 0];
  return {
    now: performance.now(),
    fcp: paint ? paint.startTime : null,
    dcl: nav ? nav.domContentLoadedEventEnd : 0,
    lastBusy: Math.max(0, ...busy),
  };
})()`;

export async function measurePageLoads(urls: string[], runs: number): Promise<PageLoad[]> {
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
  });
  try {
    const out: PageLoad[] = [];
    for (const url of urls) {
      const fcps: number[] = [];
      const ttis: number[] = [];
      for (let r = 0; r < runs + 1; r++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_LONG_TASKS);
        await page.goto(url, { waitUntil: 'load' });
        let t = (await page.evaluate(READ_TIMINGS)) as Timings;
        while (t.now - t.lastBusy < QUIET_MS && t.now < GIVE_UP_MS) {
          await page.waitForTimeout(200);
          t = (await page.evaluate(READ_TIMINGS)) as Timings;
        }
        await context.close();
        // The first load only warms the server and Chromium's own start-up; it is not counted.
        if (r === 0) continue;
        const fcp = t.fcp ?? Number.NaN;
        fcps.push(fcp);
        ttis.push(Math.max(fcp, t.dcl, t.lastBusy));
      }
      out.push({
        url,
        runs,
        fcpMedian: percentile(fcps, 50),
        ttiMedian: percentile(ttis, 50),
        ttiP95: percentile(ttis, 95),
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

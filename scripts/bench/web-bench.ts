// The web figures: bundle sizes per route from a fresh production build, and page loads of `/`,
// `/search/...` and `/work/...` against the benchmark's PostgreSQL server, which serves that build.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageLoad } from './page-loads';
import { measurePageLoads } from './page-loads';
import type { RouteBundle } from './web-bundle';
import { buildWeb, routeBundles } from './web-bundle';

export const PAGE_LOAD_RUNS = 5;

export interface WebResult {
  buildSeconds: number;
  bundles: RouteBundle[];
  pages: PageLoad[];
}

export interface WebBuild {
  distDir: string;
  result: WebResult;
  /** Loads the pages from a server that serves distDir; `workId` names a work of its catalogue. */
  measure(base: string, workId: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function buildForBench(log: (line: string) => void): Promise<WebBuild> {
  const distDir = await mkdtemp(join(tmpdir(), 'sf-bench-web-'));
  const started = performance.now();
  await buildWeb(distDir);
  const result: WebResult = {
    buildSeconds: (performance.now() - started) / 1000,
    bundles: await routeBundles(distDir),
    pages: [],
  };
  log(`web: built in ${result.buildSeconds.toFixed(0)} s`);
  return {
    distDir,
    result,
    async measure(base, workId) {
      const urls = [`${base}/`, `${base}/search/river`, `${base}/work/${workId}`];
      result.pages = await measurePageLoads(urls, PAGE_LOAD_RUNS);
      for (const p of result.pages) {
        log(`web: ${p.url} FCP ${p.fcpMedian.toFixed(0)} ms, TTI ${p.ttiMedian.toFixed(0)} ms`);
      }
    },
    dispose: () => rm(distDir, { recursive: true, force: true }),
  };
}

// The Markdown report under bench/results/ and the short summary printed at the end.
import type { KindResult, ScenarioResult } from './api-bench';
import type { MachineFacts } from './machine';
import type { BenchOptions } from './options';
import { MIX_WEIGHTS } from './scenarios';
import type { WebResult } from './web-bench';

export interface ReportInput {
  options: BenchOptions;
  machine: MachineFacts;
  load: string;
  wallSeconds: number;
  kinds: KindResult[];
  web: WebResult | null;
  date: Date;
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const int = (n: number) => n.toLocaleString('en-US');
const kindName = (k: KindResult) => (k.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
const isSearch = (s: ScenarioResult) => s.name.startsWith('search-works');
const isShelf = (s: ScenarioResult) => s.name.startsWith('get-shelf-items');

/** API p50 over database p50 at the same concurrency; null for writes and the mix. */
function ratio(level: ScenarioResult['levels'][number]): number | null {
  return level.db ? level.api.p50 / level.db.p50 : null;
}

interface Target {
  name: string;
  measured: string;
  met: boolean | null;
}

export function targets(kinds: KindResult[], web: WebResult | null): Target[] {
  const pg = kinds.find((k) => k.kind === 'postgres');
  const out: Target[] = [];
  if (pg) {
    const at16 = (s: ScenarioResult) =>
      s.levels.find((l) => l.concurrency === 16) ?? s.levels[s.levels.length - 1];
    const search = pg.scenarios
      .filter(isSearch)
      .map((s) => ({ s, p95: at16(s)?.api.p95 ?? Number.NaN, clients: at16(s)?.concurrency }));
    const worstSearch = search.sort((a, b) => b.p95 - a.p95)[0];
    if (worstSearch) {
      out.push({
        name: 'search-works p95 < 20 ms at 16 clients (worst query kind)',
        measured: `${ms(worstSearch.p95)} ms (${worstSearch.s.name.replace('search-works: ', '')}, ${worstSearch.clients} clients)`,
        met: worstSearch.p95 < 20,
      });
    }
    const shelves = pg.scenarios.filter(isShelf);
    const perLevel = (shelves[0]?.levels ?? []).map((l) => ({
      clients: l.concurrency,
      p95: Math.max(
        ...shelves.map((s) => s.levels.find((x) => x.concurrency === l.concurrency)?.api.p95 ?? NaN),
      ),
    }));
    if (perLevel.length > 0) {
      out.push({
        name: 'get-shelf-items p95 < 10 ms, 10,000-item shelf, first and last page (worse of the two)',
        measured: perLevel.map((l) => `${ms(l.p95)} ms at ${l.clients}`).join(', '),
        met: perLevel.every((l) => l.p95 < 10),
      });
    }
    const ratios = pg.scenarios.flatMap((s) =>
      s.levels
        .filter((l) => l.concurrency === 1 && l.db)
        .map((l) => ({ s, r: ratio(l) as number, db: l.db?.p50 ?? 0 })),
    );
    const worst = (list: typeof ratios) => [...list].sort((a, b) => b.r - a.r)[0];
    const worstRatio = worst(ratios);
    const worstSlow = worst(ratios.filter((x) => x.db >= 1));
    if (worstRatio) {
      out.push({
        name: 'API latency / database latency < 1.5 for reads (p50, 1 client)',
        measured:
          `worst ${worstRatio.r.toFixed(2)} (${worstRatio.s.name}, database ${ms(worstRatio.db)} ms)` +
          (worstSlow ? `; reads of 1 ms or more: worst ${worstSlow.r.toFixed(2)} (${worstSlow.s.name})` : ''),
        met: worstRatio.r < 1.5,
      });
    }
  }
  if (kinds.length > 0) {
    const errors = kinds.flatMap((k) => k.scenarios.flatMap((s) => s.levels.map((l) => l.api.errors)));
    const total = errors.reduce((a, b) => a + b, 0);
    out.push({
      name: 'no error under load (every kind, endpoint and level)',
      measured: `${total} errors`,
      met: total === 0,
    });
  }
  const home = web?.bundles.find((b) => b.paths.includes('/'));
  if (home)
    out.push({
      name: 'initial JavaScript for / < 200 KB gzip',
      measured: kb(home.jsGzip),
      met: home.jsGzip < 200_000,
    });
  return out;
}

function kindTable(k: KindResult): string[] {
  const lines = [
    `### ${kindName(k)}: ${int(k.works)} synthetic works`,
    '',
    `${k.database}. Readers: ${int(k.population.users)}; shelves ${int(k.population.shelves)} holding ${int(k.population.shelfItems)} items; ` +
      `${int(k.population.events)} progress events; ${int(k.population.reviews)} reviews. Generated and indexed in ${k.loadSeconds.toFixed(0)} s.`,
    '',
    '| endpoint | clients | p50 ms | p95 ms | p99 ms | req/s | errors | DB p50 ms | DB p95 ms | API/DB (p50) |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const s of k.scenarios) {
    for (const l of s.levels) {
      const r = ratio(l);
      lines.push(
        `| ${s.name} | ${l.concurrency} | ${ms(l.api.p50)} | ${ms(l.api.p95)} | ${ms(l.api.p99)} | ${l.api.rps.toFixed(0)} | ` +
          `${l.api.errors}${l.api.errors ? ` (${l.api.errorSamples.join('; ')})` : ''} | ` +
          `${l.db ? ms(l.db.p50) : '–'} | ${l.db ? ms(l.db.p95) : '–'} | ${r === null ? '–' : r.toFixed(2)} |`,
      );
    }
  }
  return lines;
}

function sideBySide(kinds: KindResult[]): string[] {
  if (kinds.length < 2) return [];
  const levels = kinds[0]?.scenarios[0]?.levels.map((l) => l.concurrency) ?? [];
  const head = kinds.flatMap((k) => levels.map((c) => `${kindName(k)} ${c}`));
  const lines = [
    '## Side by side (API p95 ms per number of clients)',
    '',
    `| endpoint | ${head.join(' | ')} |`,
    `| --- | ${head.map(() => '--:').join(' | ')} |`,
  ];
  for (const s of kinds[0]?.scenarios ?? []) {
    const cells = kinds.flatMap((k) => {
      const mine = k.scenarios.find((x) => x.name === s.name);
      return levels.map((c) => ms(mine?.levels.find((l) => l.concurrency === c)?.api.p95 ?? Number.NaN));
    });
    lines.push(`| ${s.name} | ${cells.join(' | ')} |`);
  }
  lines.push('', `Works: ${kinds.map((k) => `${kindName(k)} ${int(k.works)}`).join(', ')}.`, '');
  return lines;
}

function webSection(web: WebResult): string[] {
  const lines = [
    '## Web',
    '',
    `Production build (Vite, manifest) in ${web.buildSeconds.toFixed(0)} s. Initial download of a first visit per route: the entry ` +
      'chunk, the route chunk, everything they import statically, and their CSS; gzip (zlib level 6), 1 KB = 1,000 bytes.',
    '',
    '| route(s) | module | JS gzip | JS raw | CSS gzip | files |',
    '| --- | --- | --: | --: | --: | --: |',
  ];
  for (const b of web.bundles) {
    lines.push(
      `| ${b.paths.map((p) => `\`${p}\``).join(', ')} | ${b.module} | ${kb(b.jsGzip)} | ${kb(b.jsRaw)} | ${kb(b.cssGzip)} | ${b.files} |`,
    );
  }
  if (web.pages.length > 0) {
    lines.push(
      '',
      `Page loads in headless Chromium on loopback, signed out, a fresh context (empty cache) per load, ${web.pages[0]?.runs} loads each after one warm-up:`,
      '',
      '| page | FCP median ms | TTI median ms | TTI p95 ms |',
      '| --- | --: | --: | --: |',
    );
    for (const p of web.pages) {
      lines.push(
        `| \`${new URL(p.url).pathname}\` | ${p.fcpMedian.toFixed(0)} | ${p.ttiMedian.toFixed(0)} | ${p.ttiP95.toFixed(0)} |`,
      );
    }
  }
  return [...lines, ''];
}

export function renderReport(input: ReportInput): string {
  const { options, machine, kinds, web } = input;
  const lines = [
    `# Shelfwise benchmark, ${input.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Wall time ${(input.wallSeconds / 60).toFixed(1)} min. How to run it and how to read it: docs/performance.md.`,
    '',
    '## Machine',
    '',
    `- ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}`,
    `- ${Object.entries(machine.versions)
      .map(([n, v]) => `${n} ${v}`)
      .join(', ')}`,
    `- Load during the run: ${input.load}. The machine is shared: read absolute figures with that in mind.`,
    '',
    '## Settings',
    '',
    `- Databases: ${kinds.map((k) => `${kindName(k)} with ${int(k.works)} synthetic works (plus the 490-work demo catalogue)`).join('; ') || 'none'}`,
    `- Clients per level: ${options.concurrency.join(', ')}; ${options.duration} s per endpoint and level through the API ` +
      `(after 1 s of warm-up), ${options.dbDuration} s straight against the database`,
    '- Server: server/main.ts in a child process, NODE_ENV=production, loopback; load from autocannon in the parent process',
    `- Mixed workload weights: ${Object.entries(MIX_WEIGHTS)
      .map(([n, w]) => `${n} ${w}`)
      .join(', ')}`,
    '',
  ];
  const t = targets(kinds, web);
  if (t.length > 0) {
    lines.push('## Targets', '', '| target | measured | met |', '| --- | --- | --- |');
    for (const x of t)
      lines.push(`| ${x.name} | ${x.measured} | ${x.met === null ? '–' : x.met ? 'yes' : 'NO'} |`);
    lines.push('');
  }
  if (kinds.length > 0) {
    lines.push('## API and database latency', '');
    for (const k of kinds) lines.push(...kindTable(k), '');
    lines.push(...sideBySide(kinds));
  }
  if (web) lines.push(...webSection(web));
  return `${lines.join('\n')}\n`;
}

export function renderSummary(kinds: KindResult[], web: WebResult | null): string {
  const lines: string[] = [];
  // A --web-only run loads a catalogue but measures no endpoint.
  for (const k of kinds.filter((kind) => kind.scenarios.length > 0)) {
    const last = (s: ScenarioResult) => s.levels[s.levels.length - 1];
    const cells = k.scenarios.map((s) => `${s.name} ${ms(last(s)?.api.p95 ?? Number.NaN)}`);
    lines.push(
      `${kindName(k)} (${int(k.works)} works), API p95 ms at ${last(k.scenarios[0] as ScenarioResult)?.concurrency} clients:`,
    );
    lines.push(`  ${cells.join('; ')}`);
  }
  for (const p of web?.pages ?? [])
    lines.push(
      `${new URL(p.url).pathname}: FCP ${p.fcpMedian.toFixed(0)} ms, TTI ${p.ttiMedian.toFixed(0)} ms`,
    );
  for (const x of targets(kinds, web))
    lines.push(`${x.met ? 'MET ' : x.met === null ? '    ' : 'MISS'} ${x.name}: ${x.measured}`);
  return lines.join('\n');
}

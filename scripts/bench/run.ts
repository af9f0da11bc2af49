// `npm run bench`: the benchmark of issue 9. See docs/performance.md for what it does and what the figures
// mean. Writes bench/results/<timestamp>.md and prints a short summary.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KindResult } from './api-bench';
import { benchKind } from './api-bench';
import { LoadSampler, machineFacts } from './machine';
import { parseOptions } from './options';
import { renderReport, renderSummary } from './report';
import { buildForBench } from './web-bench';
import { benchImport, renderImportSection } from './import-bench';
import { benchCatalogueLoad, renderCatalogueLoadSection } from './catalogue-load-bench';
import { benchSocial, renderSocialSection } from './social-bench';
import { benchLighthouse, renderLighthouseSection } from './lighthouse';

const options = parseOptions(process.argv.slice(2));
const started = performance.now();
const sampler = new LoadSampler();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

if (options.lighthouse) {
  // Issue 29: a run of its own, since it needs neither the big catalogues nor PostgreSQL.
  const section = renderLighthouseSection(await benchLighthouse(log));
  await mkdir(options.outDir, { recursive: true });
  const file = join(
    options.outDir,
    `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.md`,
  );
  await writeFile(file, `# Lighthouse\n\nLoad while running: ${sampler.summary()}\n\n${section}`);
  console.log(`\n${section}\nReport: ${file}`);
  process.exit(0);
}

const web = options.web && !options.socialOnly ? await buildForBench(log) : null;
// Pages are loaded from the PostgreSQL server (or the last kind run), after its API figures.
const pagesOn = options.kinds.includes('postgres') ? 'postgres' : options.kinds[options.kinds.length - 1];
const kinds: KindResult[] = [];
try {
  for (const kind of options.socialOnly ? [] : options.kinds) {
    const works = kind === 'pglite' ? options.pgliteWorks : options.works;
    kinds.push(await benchKind(kind, works, options, log, kind === pagesOn ? web : null));
  }
} finally {
  await web?.dispose();
}

// Issue 14: a 5,000-row import on PGlite and another reader's search meanwhile (on its own small database).
const importFigures =
  options.api &&
  !options.socialOnly &&
  options.kinds.includes('pglite') &&
  (!options.only || 'library import'.includes(options.only))
    ? await benchImport({}, log)
    : null;

// Issue 26: Open Library's dumps loaded into PostgreSQL, and another reader's search meanwhile.
const catalogueLoad =
  options.api &&
  !options.socialOnly &&
  options.catalogueWorks > 0 &&
  options.kinds.includes('postgres') &&
  !options.only
    ? await benchCatalogueLoad(options.catalogueWorks, log, options.postgresUrl)
    : null;

// Issue 27: Friends Activity and follows on a generated community of 1,000 readers, on PostgreSQL when it
// is among the kinds run, else PGlite.
const socialFigures =
  options.api && (!options.only || 'community'.includes(options.only))
    ? await benchSocial(
        options.kinds.includes('postgres')
          ? { kind: 'postgres', postgresUrl: options.postgresUrl, clients: options.concurrency }
          : { kind: 'pglite', clients: options.concurrency },
        log,
      )
    : null;

const wallSeconds = (performance.now() - started) / 1000;
const report = renderReport({
  options,
  machine: machineFacts(),
  load: sampler.summary(),
  wallSeconds,
  kinds,
  web: web?.result ?? null,
  date: new Date(),
});
await mkdir(options.outDir, { recursive: true });
const file = join(options.outDir, `${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.md`);
await writeFile(
  file,
  report +
    (importFigures ? renderImportSection(importFigures) : '') +
    (catalogueLoad ? renderCatalogueLoadSection(catalogueLoad) : '') +
    (socialFigures ? renderSocialSection(socialFigures) : ''),
);
// Every figure, for comparing runs or rendering them again.
await writeFile(
  file.replace(/\.md$/, '.json'),
  `${JSON.stringify({ options, kinds, web: web?.result ?? null, import: importFigures, catalogueLoad, social: socialFigures }, null, 1)}\n`,
);
console.log(
  `\n${renderSummary(kinds, web?.result ?? null)}\nReport: ${file} (${(wallSeconds / 60).toFixed(1)} min)`,
);
process.exit(0);

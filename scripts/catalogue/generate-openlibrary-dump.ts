// `npx tsx scripts/catalogue/generate-openlibrary-dump.ts <dir> [works] [editions]`: writes synthetic
// ol_dump_authors/works/editions_latest.txt.gz in Open Library's exact format into <dir> (default
// 1,000,000 works and 1.5 editions a work), for `npm run catalogue -- load-openlibrary` and its benchmark.
import { mkdir } from 'node:fs/promises';
import { writeOpenLibraryDump } from './openlibrary-dump-writer';

const [dir, worksText = '1000000', editionsText] = process.argv.slice(2);
const count = (text: string) => Number(text.replace(/[_,]/g, ''));
const works = count(worksText);
const editions = editionsText === undefined ? undefined : count(editionsText);
if (
  !dir ||
  !Number.isInteger(works) ||
  works < 1 ||
  (editions !== undefined && !Number.isInteger(editions))
) {
  console.error('usage: npx tsx scripts/catalogue/generate-openlibrary-dump.ts <dir> [works] [editions]');
  process.exit(2);
}
await mkdir(dir, { recursive: true });
const started = performance.now();
const paths = await writeOpenLibraryDump(dir, { works, editions });
console.log(`${Object.values(paths).join('\n')}\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);

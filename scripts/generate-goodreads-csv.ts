// Writes a synthetic Goodreads library export (see scripts/bench/goodreads-file.ts for what it holds):
//   npx tsx scripts/generate-goodreads-csv.ts [rows=5000] [file=goodreads_library_export.csv] [seed=11]
import { writeFileSync } from 'node:fs';
import { generateGoodreadsCsv } from './bench/goodreads-file';

const [rowsArg = '5000', file = 'goodreads_library_export.csv', seedArg = '11'] = process.argv.slice(2);
const rows = Number(rowsArg);
const seed = Number(seedArg);
if (!Number.isInteger(rows) || rows < 1)
  throw new Error(`rows must be a positive whole number, not ${rowsArg}`);
if (!Number.isInteger(seed)) throw new Error(`seed must be a whole number, not ${seedArg}`);
writeFileSync(file, generateGoodreadsCsv({ rows, seed }));
console.log(`${rows} rows written to ${file}`);

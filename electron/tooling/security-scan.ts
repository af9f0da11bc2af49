// Runs electronegativity over electron/ (offline, Electron 41.7.1) and fails when it reports anything above
// LOW that is not explained below. electronegativity itself always exits 0, so without this a new finding
// would scroll past unnoticed. `tsx electron/tooling/security-scan.ts`
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
}

/** Findings above LOW we have reviewed, by check and file (relative to electron/), with the reason. */
export const EXPLAINED: readonly { check: string; file: string; why: string }[] = [
  {
    check: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'main/deep-links.ts',
    why:
      'Registers shelfwise://, which ARCHITECTURE.md requires. Every link is parsed against the route table ' +
      'in shared/deep-links.ts (one zod schema per route, hostile inputs tested); anything else is ignored.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.ts',
    why:
      'The one shell.openExternal call, wrapped by createSafeOpenExternal: only absolute http(s) URLs without ' +
      'credentials reach it (main/external-links.ts, with adversarial tests).',
  },
];

const ABOVE_LOW = new Set(['MEDIUM', 'HIGH', 'CRITICAL']);

/** electronegativity's CSV: a header line, then quoted or bare fields separated by commas. */
export function parseFindings(csv: string): Finding[] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted && ch === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += ch;
    } else if (ch === ',') {
      endField();
    } else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else {
      field += ch;
    }
  }
  if (field || row.length) rows.push([...row, field.trim()]);
  return rows
    .slice(1)
    .filter((r) => r.length >= 6)
    .map(([check, severity, confidence, file, location, sample]) => ({
      check: check!,
      severity: severity!,
      confidence: confidence!,
      file: file!,
      location: location!,
      sample: sample!,
    }));
}

export function unexplained(findings: readonly Finding[]): Finding[] {
  return findings.filter(
    (f) => ABOVE_LOW.has(f.severity) && !EXPLAINED.some((e) => e.check === f.check && e.file === f.file),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const csv = join(mkdtempSync(join(tmpdir(), 'electronegativity-')), 'findings.csv');
  const bin = join(root, 'node_modules', '.bin', 'electronegativity');
  const run = spawnSync(bin, ['-i', join(root, 'electron'), '-e', '41.7.1', '-r', '-o', csv], {
    encoding: 'utf8',
  });
  let findings: Finding[];
  try {
    findings = parseFindings(readFileSync(csv, 'utf8'));
  } catch {
    console.error(`electronegativity did not produce a report:\n${run.stdout}\n${run.stderr}`);
    process.exit(1);
  }
  // The shelfwise:// registration is always reported, so an empty report means the scan read nothing.
  if (findings.length === 0) {
    console.error(
      `electronegativity reported nothing at all; the scan did not run:\n${run.stdout}\n${run.stderr}`,
    );
    process.exit(1);
  }
  for (const f of findings) {
    const reason = EXPLAINED.find((e) => e.check === f.check && e.file === f.file)?.why ?? '';
    console.log(
      `${f.severity.padEnd(8)} ${f.check} electron/${f.file}:${f.location}${reason ? `\n         reviewed: ${reason}` : ''}`,
    );
  }
  const bad = unexplained(findings);
  if (bad.length) {
    console.error(
      `\n${bad.length} finding(s) above LOW without an explanation in electron/tooling/security-scan.ts.`,
    );
    process.exit(1);
  }
  console.log(`\nelectronegativity: ${findings.length} finding(s), none above LOW unexplained.`);
}

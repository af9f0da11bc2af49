// Fails when the Electron pinned in package.json is out of Electron's support window (electron-support.ts),
// then runs electronegativity over electron/ (offline, for that version) and fails when it reports anything above
// LOW that is not explained below. electronegativity itself always exits 0, so without this a new finding
// would scroll past unnoticed. `tsx electron/tooling/security-scan.ts`
//
// It calls electronegativity's runner in-process rather than reading the CLI's CSV: the CLI writes that file
// with two unawaited writes (header, then rows) that race, and about one run in three the header write
// lands last and tears the report.
import { fileURLToPath } from 'node:url';
import runElectronegativity from '@doyensec/electronegativity';
import type { ElectronegativityIssue } from '@doyensec/electronegativity';
import { electronSupportProblem, readPinnedElectronVersion } from './electron-support';

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
    check: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'main/testing/test-hooks.ts',
    why:
      'Passes deep-links.ts its own shelfwise:// registration, noting it for the real-Electron test driver; ' +
      'installed only in unpackaged runs with SHELFWISE_TEST_HOOKS=1.',
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

/** One electronegativity issue as the gate and the report read it; paths are relative to electron/. */
export function toFinding(issue: ElectronegativityIssue): Finding {
  return {
    check: issue.id,
    severity: issue.severity.name,
    confidence: issue.confidence.name,
    file: issue.file,
    location: `${issue.location.line}:${issue.location.column}`,
    sample: issue.sample ?? '',
  };
}

export function unexplained(findings: readonly Finding[]): Finding[] {
  return findings.filter(
    (f) => ABOVE_LOW.has(f.severity) && !EXPLAINED.some((e) => e.check === f.check && e.file === f.file),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const electronVersion = readPinnedElectronVersion(`${root}package.json`);
  const unsupported = electronSupportProblem(electronVersion, new Date().toISOString().slice(0, 10));
  if (unsupported) {
    console.error(unsupported);
    process.exit(1);
  }
  console.log(`Electron ${electronVersion} is within Electron's support window.`);
  const { issues, errors } = await runElectronegativity({
    input: `${root}electron`,
    isRelative: true,
    electronVersionOverride: electronVersion,
    customScan: [],
    excludeFromScan: [],
    parserPlugins: [],
    isSarif: false,
  });
  // A file the scan could not parse is a file nobody checked.
  if (errors.length > 0) {
    console.error(`electronegativity could not read ${errors.length} file(s):`, errors);
    process.exit(1);
  }
  const findings = issues.map(toFinding);
  // The shelfwise:// registration is always reported, so an empty report means the scan read nothing.
  if (findings.length === 0) {
    console.error('electronegativity reported nothing at all; the scan did not run.');
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

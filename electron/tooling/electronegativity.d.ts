// The part of electronegativity's programmatic API (its package entry, dist/runner.js) the scan uses; the
// package ships no types.
declare module '@doyensec/electronegativity' {
  export interface ElectronegativityIssue {
    id: string;
    severity: { name: string };
    confidence: { name: string };
    file: string;
    location: { line: number; column: number };
    sample?: string | null;
  }
  export default function run(options: {
    input: string;
    isRelative: boolean;
    electronVersionOverride: string;
    customScan: string[];
    excludeFromScan: string[];
    parserPlugins: string[];
    isSarif: boolean;
  }): Promise<{ issues: ElectronegativityIssue[]; errors: unknown[] }>;
}

import { describe, expect, it } from 'vitest';
import type { ElectronegativityIssue } from '@doyensec/electronegativity';
import { toFinding, unexplained } from './security-scan';

const issue = (id: string, severity: string, file: string, sample: string): ElectronegativityIssue => ({
  id,
  severity: { name: severity },
  confidence: { name: 'FIRM' },
  file,
  location: { line: 1, column: 1 },
  sample,
});

const ISSUES = [
  issue('CSP_GLOBAL_CHECK', 'LOW', 'main/window.test.ts', "default-src 'self'"),
  issue('PROTOCOL_HANDLER_JS_CHECK', 'MEDIUM', 'main/deep-links.ts', 'app.setAsDefaultProtocolClient(a, b)'),
  issue(
    'CONTEXT_ISOLATION_JS_CHECK',
    'HIGH',
    'main/other.ts',
    'new BrowserWindow({ contextIsolation: false, title: "a,b" })',
  ),
];

describe('security-scan', () => {
  it('reads electronegativity’s issues as findings', () => {
    const findings = ISSUES.map(toFinding);
    expect(findings).toHaveLength(3);
    expect(findings[2]).toEqual({
      check: 'CONTEXT_ISOLATION_JS_CHECK',
      severity: 'HIGH',
      confidence: 'FIRM',
      file: 'main/other.ts',
      location: '1:1',
      sample: 'new BrowserWindow({ contextIsolation: false, title: "a,b" })',
    });
  });

  it('lets LOW findings and reviewed ones pass, and flags anything else above LOW', () => {
    expect(unexplained(ISSUES.map(toFinding)).map((f) => f.check)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
  });

  it('does not excuse a reviewed check in another file', () => {
    const moved = ISSUES.map((i) =>
      i.file === 'main/deep-links.ts' ? { ...i, file: 'main/elsewhere.ts' } : i,
    );
    expect(unexplained(moved.map(toFinding)).map((f) => f.file)).toEqual([
      'main/elsewhere.ts',
      'main/other.ts',
    ]);
  });
});

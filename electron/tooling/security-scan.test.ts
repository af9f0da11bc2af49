import { describe, expect, it } from 'vitest';
import { parseFindings, unexplained } from './security-scan';

const CSV = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","FIRM","main/window.test.ts","154:42","default-src 'self'","One or more, vulnerable",https://x
PROTOCOL_HANDLER_JS_CHECK,"MEDIUM","TENTATIVE","main/deep-links.ts","98:4","app.setAsDefaultProtocolClient(a, b)","Review",https://x
CONTEXT_ISOLATION_JS_CHECK,"HIGH","FIRM","main/other.ts","1:1","new BrowserWindow({ contextIsolation: false, title: ""a,b"" })","Review",https://x
`;

describe('security-scan', () => {
  it('reads electronegativity’s CSV, quoted commas and quotes included', () => {
    const findings = parseFindings(CSV);
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
    expect(unexplained(parseFindings(CSV)).map((f) => f.check)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
  });

  it('does not excuse a reviewed check in another file', () => {
    const moved = CSV.replace('main/deep-links.ts', 'main/elsewhere.ts');
    expect(unexplained(parseFindings(moved)).map((f) => f.file)).toEqual([
      'main/elsewhere.ts',
      'main/other.ts',
    ]);
  });
});

// axe-core with the WCAG 2.2 AA rule set the issue asks for (issue 17), run on a settled screen (settle.ts):
// skeletons and spinners stand in for content axe should judge.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  screen: string;
  rule: string;
  impact: string | null | undefined;
  /** How many elements break the rule, and a few of them for the report. */
  count: number;
  targets: string[];
  /** axe's reason for the first element, e.g. the contrast ratio it measured. */
  why: string;
}

/** axe's violations on the screen as it is now, one finding per broken rule. */
export async function axeFindings(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact,
    count: violation.nodes.length,
    targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    why: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
  }));
}

/** One line per finding, for a failure message a person can act on. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.screen}: ${f.rule} (${f.impact}) x${f.count} e.g. ${f.targets.join(' | ')} -- ${f.why}`)
    .join('\n');
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Moderate axe findings that are accepted, each with its reason, for the elements named only.
 * Serious and critical ones are never accepted. The same list is in docs/accessibility.md.
 */
export const ACCEPTED_MODERATE: { rule: string; targets: RegExp; why: string }[] = [];

function accepted(finding: { rule: string; impact: string; targets: string[] }): boolean {
  if (finding.impact !== 'moderate') return false;
  return ACCEPTED_MODERATE.some(
    (entry) =>
      entry.rule === finding.rule && finding.targets.every((target) => entry.targets.test(target)),
  );
}

/** Every finding of one scan, for the summary a run prints. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The rules whose outcome depends on colour: all a second theme can change, since a theme
 * changes colours only (the app's CSS variables), never the document or its layout.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices, or only `rules`) on the page as it
 * is, and fails on any serious or critical violation, or a moderate one not accepted above.
 */
export async function expectAccessible(
  page: Page,
  where: string,
  rules?: string[],
): Promise<Finding[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  const findings = results.violations.map((violation) => ({
    where,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
  }));
  const refused = findings.filter((finding) => finding.impact !== 'minor' && !accepted(finding));
  expect(refused, `axe on ${where}:\n${JSON.stringify(refused, null, 2)}`).toEqual([]);
  return findings;
}

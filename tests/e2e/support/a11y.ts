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
/** How long settle() waits for frames and finite animations before ending them itself. */
const SETTLE_MS = 1_000;

/**
 * Waits for the layout and every finite animation (a theme's colour transition, a toast fading in)
 * to end: axe reading a colour half way reports a contrast no one ever sees.
 */
export async function settle(page: Page): Promise<void> {
  // Two frames: the theme class and the layout at the new width are applied.
  // Colour transitions started by the theme change (and an overlay's fade) run to their end:
  // reduced motion shortens them to 0.01 ms but still starts one for every property that
  // changes, and axe reading a colour half way between the two themes reports a contrast no one
  // ever sees (once seen on a busy machine). A spinner runs for ever, so only animations with an
  // end are waited for. On a starved CI machine such 0.01 ms transitions were seen still
  // "running" after 3 s, settle after settle, until whole tests timed out: past SETTLE_MS the
  // ones left are taken to their end state (Animation.finish()), which is what a person sees
  // once they end, and named, so a wait never decides a test (docs/testing.md#ci-time).
  const unsettled = await page.evaluate(async (limitMs) => {
    const deadline = (ms: number) =>
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms));
    const frames = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      );
    if ((await Promise.race([frames(), deadline(limitMs)])) === 'late')
      return ['no animation frame'];
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => null)));
    if ((await Promise.race([ended, deadline(limitMs)])) !== 'late') return [];
    const left = finite.filter((animation) => animation.playState !== 'finished');
    const names = left.map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const name =
        (animation as CSSAnimation).animationName ??
        (animation as CSSTransition).transitionProperty;
      return `${name ?? animation.constructor.name} ${animation.playState} on ${target?.tagName ?? '?'}.${target?.className ?? ''}`;
    });
    for (const animation of left) {
      try {
        animation.finish();
      } catch {
        // Paused at a zero rate: nothing to finish, and nothing for axe to read half way.
      }
    }
    await Promise.race([frames(), deadline(limitMs)]);
    return names;
  }, SETTLE_MS);
  if (unsettled.length)
    console.warn(`settle: ended by hand after ${SETTLE_MS} ms: ${unsettled.join('; ')}`);
}

export async function expectAccessible(
  page: Page,
  where: string,
  rules?: string[],
): Promise<Finding[]> {
  await settle(page);
  // Legacy mode runs axe.run() in the page itself. The default runs axe per frame, then merges
  // the results in a new blank page it opens for every scan: that page cost half of each scan's
  // time (docs/testing.md#ci-time). The app has no frames, so both find the same.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
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

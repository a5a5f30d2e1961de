import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every money figure on show (`[data-money]`, the Money component) is on one line and whole:
 * its text's line boxes all share one top, and no ancestor that clips (overflow other than
 * visible) or the viewport cuts it (docs/client.md#money-figures). Hidden figures and those in
 * a scrolled-away part of a scroll container are skipped: they are seen by scrolling, not cut.
 */
export async function expectWholeFigures(page: Page, where: string): Promise<void> {
  const broken = await page.evaluate(() => {
    const problems: string[] = [];
    for (const figure of document.querySelectorAll<HTMLElement>('[data-money]')) {
      const box = figure.getBoundingClientRect();
      // Not on show: in a closed <details> (content-visibility: hidden), display: none, etc.
      if (!figure.checkVisibility({ visibilityProperty: true })) continue;
      if (box.width === 0 || box.height === 0 || figure.closest('[aria-hidden="true"]')) continue;
      const text = figure.textContent ?? '';
      const range = document.createRange();
      range.selectNodeContents(figure);
      const tops = new Set(
        [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      if (tops.size > 1) problems.push(`"${text}" is on ${tops.size} lines`);
      // Text wider than its own box (a max-width on a figure that cannot wrap) spills over
      // whatever is beside it.
      const drawn = range.getBoundingClientRect();
      if (drawn.right > box.right + 1 || drawn.left < box.left - 1) {
        problems.push(`"${text}" is wider than its own box`);
      }

      // The first ancestor that clips: a scroll container that scrolls shows the figure by
      // scrolling (not cut, only out of view for now); any other must hold it whole.
      let scrolled = false;
      for (let parent = figure.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible') continue;
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (scrolls && parent.scrollWidth > parent.clientWidth) {
          scrolled = true;
          break;
        }
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1) {
          problems.push(`"${text}" is cut by its ${parent.tagName.toLowerCase()}`);
        }
        break;
      }
      const viewport = document.documentElement.clientWidth;
      if (!scrolled && (box.left < -1 || box.right > viewport + 1)) {
        problems.push(
          `"${text}" runs past the window (${Math.round(box.left)} to ${Math.round(box.right)} of ${viewport})`,
        );
      }
    }
    return problems;
  });
  expect(broken, `${where}: money figures broken or cut`).toEqual([]);
}

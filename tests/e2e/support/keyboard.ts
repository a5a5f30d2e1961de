import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Keyboard-only journeys: where focus is, and Tab until it is on a named control. */

/** How the focused element is named: aria-label, its label, or its text. */
export function focusName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const labelled = el.getAttribute('aria-label');
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (labelled ?? label ?? el.textContent ?? el.tagName).trim().replace(/\s+/g, ' ');
  });
}

export async function focused(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(() => focusName(page))
    .toSatisfy((seen: string) => (typeof name === 'string' ? seen === name : name.test(seen)));
}

/** Tab (or Shift+Tab, backwards) until the focused element has this name. */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { limit = 80, key = 'Tab' }: { limit?: number; key?: 'Tab' | 'Shift+Tab' } = {},
): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const seen = await focusName(page);
    if (typeof name === 'string' ? seen === name : name.test(seen)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`no focusable element named ${String(name)} within ${limit} tabs`);
}

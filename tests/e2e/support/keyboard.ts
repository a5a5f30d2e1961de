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

/**
 * Chooses an option of the focused select by keys alone: a native select steps with the arrow
 * keys; a listbox select (a button) opens with Enter, steps with the arrow keys and takes the
 * highlighted option with Enter.
 */
export async function chooseOption(page: Page, label: string, limit = 40): Promise<void> {
  const shown = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.text.trim() ?? '';
      return el?.getAttribute('role') === 'option' ? (el.textContent ?? '').trim() : '';
    });
  const native = await page.evaluate(() => document.activeElement instanceof HTMLSelectElement);
  if (!native) {
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
  }
  // Down first; at the end of the list (nothing changes), back up.
  let key = 'ArrowDown';
  for (let i = 0; i < limit; i++) {
    const before = await shown();
    if (before === label) {
      if (!native) await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press(key);
    if ((await shown()) === before) key = 'ArrowUp';
  }
  throw new Error(`the focused select never showed ${label}`);
}

import type { Locator, Page } from 'playwright-core';

/** The first toast that holds `text`, once it is on screen. */
export async function toast(page: Page, text: string): Promise<Locator> {
  const found = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await found.waitFor();
  return found;
}

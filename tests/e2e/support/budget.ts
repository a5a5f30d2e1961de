import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { COLOUR_RULES, expectAccessible } from './a11y.js';
import { apiData, categoryIdNamed } from './session.js';

// What the budget journeys share: this month and last in UTC (the browser's zone is set to UTC),
// a book with income to assign, spending, and where the budget screen shows its figures.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
export const thisMonth = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}`;
export const firstOfThisMonth = `${thisMonth}-01`;
/** The month `ahead` months from this one ('YYYY-MM'). */
export function monthAhead(ahead: number): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}`;
}
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
export const dayOfLastMonth = `${lastMonth.getUTCFullYear()}-${pad(lastMonth.getUTCMonth() + 1)}-10`;

/** A Checking account on the budget (every new account but a loan is) with `income` in it. */
export async function seedIncome(token: string, income: number): Promise<string> {
  // The book's day is UTC's here (the browser's zone is set to UTC below), as is this month.
  await apiData(token, 'PATCH', '/api/book', { timeZone: 'UTC' });
  const { id } = await apiData<{ id: string }>(token, 'POST', '/api/account', {
    title: 'Checking',
  });
  await apiData(token, 'POST', `/api/account/${id}/deposit`, {
    amount: income,
    occurredOn: firstOfThisMonth,
    description: 'Salary',
  });
  return id;
}

export async function spend(
  token: string,
  accountId: string,
  category: string,
  amount: number,
  occurredOn = firstOfThisMonth,
) {
  await apiData(token, 'POST', '/api/expenses/expense', {
    accountId,
    amount,
    categoryId: await categoryIdNamed(token, category),
    occurredOn,
    description: `${category} spending`,
  });
}

/** The To assign bar (by test id: while a dialog is open the page behind is hidden from roles). */
export const toAssign = (page: Page) => page.getByTestId('to-assign');
export const row = (page: Page, category: string) =>
  page.locator(`tr[data-category="${category}"]`);

/** The figure in a row's Available cell (its last cell). */
export function available(page: Page, category: string): Locator {
  return row(page, category).locator('td').last().locator('[data-money]');
}

export async function openMenu(page: Page, category: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${category}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function accessibleBothThemes(page: Page, where: string) {
  // The last change's toast first goes: one caught fading out on a busy machine reads as a
  // contrast no one sees.
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
  await expectAccessible(page, where);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${where}, dark`, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodBounds, periodOf } from '../../src/shared/budget-periods.js';
import { calendarDateIn } from '../../src/shared/dates.js';
import { launchBrowser, openPage } from './support/browser.js';
import { accessibleBothThemes, available, toAssign } from './support/budget.js';
import { apiData, categoryIdNamed, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Budget months that start on a pay day, in a browser at 320 px in a time zone far from UTC
 * (docs/budgets.md#budget-periods): the person sets "the 25th, the Friday before a weekend" from
 * the keyboard; October's month then runs from Friday 23 October (the 25th is a Sunday) to
 * 24 November, its groceries are the ones bought on those days, and the screen opened without a
 * month shows the period today falls in, in the book's time zone.
 */

const ZONE = 'Pacific/Auckland';
const PAYDAY = { startDay: 25, weekend: 'before' } as const;

describe('budget journey with pay-day months', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('starts budget months on the 25th, moved before a weekend', { timeout: 240_000 }, async () => {
    const { token } = await signedInUser('budget-periods');
    await apiData(token, 'PATCH', '/api/book', { timeZone: ZONE });
    const { id: checking } = await apiData<{ id: string }>(token, 'POST', '/api/account', {
      title: 'Checking',
    });
    await apiData(token, 'POST', `/api/account/${checking}/deposit`, {
      amount: 2000,
      occurredOn: '2026-09-01',
      description: 'Salary',
    });
    const groceries = await categoryIdNamed(token, 'Groceries');
    for (const [occurredOn, amount] of [
      ['2026-10-22', 1],
      ['2026-10-23', 10],
      ['2026-11-24', 100],
      ['2026-11-25', 1000],
    ] as const) {
      await apiData(token, 'POST', '/api/expenses/expense', {
        accountId: checking,
        amount,
        categoryId: groceries,
        occurredOn,
        description: `Shop ${occurredOn}`,
      });
    }

    const w = await openPage(browser, { token, timezoneId: ZONE, width: 320, height: 740 });
    const { page } = w;
    await w.goto('/budget?month=2026-10');
    await toAssign(page).waitFor();
    // Calendar months first: October holds the 22nd and the 23rd.
    await expect.poll(() => available(page, 'Groceries').textContent()).toBe('-$11.00');

    // From the keyboard: the day, the weekend rule, then Save.
    const day = page.getByRole('combobox', { name: 'Months start on the' });
    await day.focus();
    await day.selectOption('25');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id') ?? ''))
      .toContain('weekend');
    await page
      .getByRole('combobox', { name: 'When that day is a Saturday or Sunday' })
      .selectOption('before');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await toast(page, 'Budget months start on the 25th');

    // 25 October 2026 is a Sunday: October starts on Friday the 23rd and ends on 24 November.
    await page.getByText(/Oct 23 – Nov 24, 2026/).waitFor();
    await expect.poll(() => available(page, 'Groceries').textContent()).toBe('-$110.00');
    await accessibleBothThemes(page, 'budget with pay-day months at 320 px');

    // Opened without a month: the period today falls in, in the book's time zone.
    const today = calendarDateIn(ZONE, new Date());
    const current = periodOf(today, PAYDAY);
    const bounds = periodBounds(current, PAYDAY);
    await w.goto('/budget');
    await toAssign(page).waitFor();
    const [year, month] = current.split('-').map(Number) as [number, number];
    const monthName = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, 1)));
    const region = page.getByRole('group', { name: 'Month' });
    await region.getByText(monthName).waitFor();
    const days = await region.locator('span').first().textContent();
    const endDay = Number(bounds.end.slice(8));
    expect(days?.replace(/\s/g, ' ')).toContain(` ${endDay}, `);
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('expenses journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('adds expenses with and without an account, in the row format, and debits the account', async () => {
    const { token } = await signedInUser('expenses');
    const wallet = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Wallet' })
    ).data;
    await api(token, 'POST', `/api/account/${wallet.id}/deposit`, { amount: 100 });

    const w = await openPage(browser, { token });
    w.expect(/HTTP 422: POST .*\/trpc\/expense\.create/);
    const { page } = w;
    await w.goto('/expenses');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await page.getByText('No expenses found.').waitFor();

    const openDialog = async () => {
      await page.getByRole('button', { name: 'Add Expense' }).first().click();
      return page.getByRole('dialog', { name: 'Add Expense' });
    };

    // An invalid amount keeps the button disabled and says why.
    let dialog = await openDialog();
    const submit = dialog.getByRole('button', { name: 'Add Expense' });
    await dialog.getByLabel('Amount').fill('0');
    await dialog.getByText('Please enter a valid amount.').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // Against the account.
    await dialog.getByLabel('Amount').fill('12.5');
    await dialog.getByLabel('Description').fill('Lunch');
    await dialog
      .getByRole('combobox', { name: 'Account' })
      .selectOption({ label: 'Wallet ($100.00)' });
    await submit.click();
    await toast(page, 'Expense created successfully');
    await dialog.waitFor({ state: 'hidden' });

    // Without an account.
    dialog = await openDialog();
    await dialog.getByLabel('Amount').fill('3');
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Expense created successfully');
    await dialog.waitFor({ state: 'hidden' });

    // More than the account holds: refused, the dialog stays open.
    dialog = await openDialog();
    await dialog.getByLabel('Amount').fill('200');
    await dialog
      .getByRole('combobox', { name: 'Account' })
      .selectOption({ label: 'Wallet ($87.50)' });
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Insufficient funds');
    expect(await dialog.isVisible()).toBe(true);
    // Said at the amount too, with what the account has to spend.
    await dialog.getByText('Insufficient funds: $87.50 available').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The rows, newest first, in the documented format (docs/product.md#screens).
    const rows = page.getByTestId('expense-row');
    await expect.poll(() => rows.count()).toBe(2);
    const noAccount = rows.nth(0);
    const lunch = rows.nth(1);
    await noAccount.getByText('No description').waitFor();
    await noAccount.getByText('-$3.00').waitFor();
    expect(await noAccount.getByText(/^Account:/).count()).toBe(0);
    await lunch.getByText('Lunch').waitFor();
    await lunch.getByText('Expense', { exact: true }).waitFor();
    await lunch.getByText('-$12.50').waitFor();
    await lunch.getByRole('link', { name: 'Wallet' }).waitFor();
    // Recorded the day it happened: one date.
    const dates = await lunch.locator('time').allTextContents();
    expect(dates.length).toBe(1);
    for (const date of dates) expect(date).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);

    // The account paid for the lunch, and only for it.
    const account = await api<{ data: { balance: number } }>(
      token,
      'GET',
      `/api/account/${wallet.id}`,
    );
    expect(account.data.balance).toBe(87.5);
    await w.goto('/accounts');
    await page
      .getByTestId('account-card')
      .filter({ hasText: 'Wallet' })
      .getByText('$87.50')
      .waitFor();

    await w.goto('/all-expenses');
    await page.getByText('Lunch').waitFor();
    await page.getByText('No account').first().waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('dates and sorts expenses by the day they happened, not the day they were typed', async () => {
    const { token } = await signedInUser('expense-days');
    // Typed in this order: the back-dated one last, so an order by creation would list it first.
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 4,
      description: 'Coffee in May',
      occurredOn: '2026-05-20',
    });
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 9,
      description: 'Taxi in June',
      occurredOn: '2026-06-02',
    });
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 30,
      description: 'Dentist in March',
      occurredOn: '2026-03-15',
    });

    const w = await openPage(browser, { token });
    const { page } = w;
    const expectRows = async () => {
      const rows = page.getByTestId('expense-row');
      await expect.poll(() => rows.count()).toBe(3);
      const order = await rows.evaluateAll((elements) =>
        elements.map((row) => ({
          text: row.textContent ?? '',
          day: row.querySelector('[data-testid="expense-date"]')?.getAttribute('datetime'),
          shown: row.querySelector('[data-testid="expense-date"]')?.textContent,
        })),
      );
      expect(order.map((row) => row.day)).toEqual(['2026-06-02', '2026-05-20', '2026-03-15']);
      expect(order.map((row) => row.shown)).toEqual([
        '02 Jun, 2026',
        '20 May, 2026',
        '15 Mar, 2026',
      ]);
      expect(order[2]?.text).toContain('Dentist in March');
    };
    await w.goto('/expenses');
    await expectRows();
    // Typed today, happened in March: the day it was typed is said beside it.
    await page
      .getByTestId('expense-row')
      .nth(2)
      .getByText(/Recorded \d{2} [A-Z][a-z]{2}, \d{4}/)
      .waitFor();
    await w.goto('/all-expenses');
    await expectRows();
    w.assertClean();
    await w.context.close();
  });

  it('loads older expenses as the person scrolls past the first page', async () => {
    const { token } = await signedInUser('expense-pages');
    // One page (EXPENSE_PAGE_DEFAULT, 50) and five more; the oldest is on the second page.
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 1,
      description: 'Oldest expense',
      occurredOn: '2026-01-01',
    });
    for (let i = 0; i < 54; i++) {
      await api(token, 'POST', '/api/expenses/expense', {
        amount: 2,
        description: `Later expense ${i}`,
        occurredOn: '2026-02-01',
      });
    }

    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/expenses');
    const rows = page.getByTestId('expense-row');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await page.getByText('Oldest expense').count()).toBe(0);

    // Scrolling to the end of the list brings the next page without a click.
    await page.getByRole('button', { name: 'Load more expenses' }).scrollIntoViewIfNeeded();
    await page.getByText('Oldest expense').waitFor();
    await expect.poll(() => rows.count()).toBe(55);
    // The last page: nothing more to load.
    await page.getByRole('button', { name: 'Load more expenses' }).waitFor({ state: 'detached' });
    w.assertClean();
    await w.context.close();
  });
});

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

  it('adds expenses with and without an account, in the spec row format, and debits the account', async () => {
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
    await w.screenshot('expenses-empty');

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
    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: /Wallet/ }).click();
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
    await dialog.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: /Wallet/ }).click();
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Insufficient funds');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The rows, newest first, in the spec's format.
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
    await lunch.getByText(`Account: ${wallet.id}`).waitFor();
    await lunch.getByText(/^Updated/).waitFor();
    const dates = await lunch.locator('time').allTextContents();
    expect(dates.length).toBe(2);
    for (const date of dates) expect(date).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
    await w.screenshot('expenses');

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
    await w.screenshot('all-expenses');
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { signedInUser, apiData } from './support/session.js';

/**
 * A Transactions view (issue 22): a transfer reads as one row "Checking → Savings" where every
 * account is listed (the Transactions page, the dashboard's recent entries), and as "Transfer
 * to Savings" on the account's own page; the line above the list counts the whole view and
 * totals its money in, out and net, and follows the filters. Set-up goes through the API.
 */

const account = async (token: string, title: string) =>
  (await apiData<{ id: string }>(token, 'POST', '/api/account', { title })).id;

const summaryText = async (page: Page) =>
  ((await page.getByTestId('view-summary').textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Checking with a deposit, two expenses and a transfer of $250 to Savings. */
async function seedBook(label: string) {
  const { token } = await signedInUser(label);
  const checking = await account(token, 'Checking');
  const savings = await account(token, 'Savings');
  await apiData(token, 'POST', `/api/account/${checking}/deposit`, { amount: 1200 });
  await apiData(token, 'POST', '/api/transactions', {
    type: 'expense',
    accountId: checking,
    amount: 45.2,
    description: 'Groceries run',
    occurredOn: '2025-03-02',
  });
  await apiData(token, 'POST', '/api/transactions', {
    type: 'expense',
    accountId: checking,
    amount: 800,
    description: 'Rent',
    occurredOn: '2025-03-01',
  });
  await apiData(token, 'POST', '/api/transfers', {
    fromAccountId: checking,
    toAccountId: savings,
    amount: 250,
    occurredOn: '2025-03-03',
  });

  return { token, checking, savings };
}

describe('a Transactions view in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows a transfer as one row where every account is listed (320, light)', async () => {
    const { token, savings } = await seedBook('txview-transfer');
    const w = await openPage(browser, { token, width: 320, height: 640, colorScheme: 'light' });
    const page = w.page;
    await w.goto('/transactions');
    await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor();
    const rows = page.getByTestId('transaction-item');
    const transfer = rows.filter({ hasText: 'Checking → Savings' });
    await transfer.waitFor();
    // One row for the transfer, its amount once and unsigned: the deposit, two expenses, it.
    expect(await rows.count()).toBe(4);
    expect(await transfer.locator('[data-money]').textContent()).toBe('$250.00');

    // The transfer's row opens the transfer's editor.
    await transfer.locator('[data-entry-open]').click();
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    await panel.getByRole('button', { name: 'Save transfer' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // The dashboard's recent entries: one row; the savings account's page: "Transfer from".
    await w.goto('/');
    const recent = page.getByTestId('transaction-row');
    await recent.filter({ hasText: 'Checking → Savings' }).waitFor();
    expect(await recent.filter({ hasText: 'Transfer' }).count()).toBe(1);
    await w.goto(`/accounts/${savings}`);
    await page
      .getByTestId('transaction-row')
      .filter({ hasText: 'Transfer from Checking' })
      .waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('counts and totals the whole filtered view above the list (320, dark)', async () => {
    const { token, checking } = await seedBook('txview-summary');
    const w = await openPage(browser, { token, width: 320, height: 640, colorScheme: 'dark' });
    const page = w.page;
    await w.goto('/transactions');
    await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor();
    // The whole view, every account: the transfer moves money between them, neither in nor out.
    const summary = page.getByTestId('view-summary');
    await summary.getByText('4 entries').waitFor();
    expect(await summaryText(page)).toBe('4 entries · in $1,200.00 · out $845.20 · net $354.80');
    expect(await summary.getAttribute('role')).toBe('status');
    await expectWholeFigures(page, 'the view summary at 320 px');
    await expectAccessible(page, 'transactions view at 320 px');

    // Filtered to expenses of at least $40: the count and total follow, for the whole view.
    await w.goto('/transactions?type=expense&min=40');
    await summary.getByText('2 entries').waitFor();
    expect(await summaryText(page)).toBe('2 entries · in $0.00 · out $845.20 · net -$845.20');

    // One account's view: its leg names the other side, and the money leaving it counts.
    await w.goto(`/transactions?account=${checking}`);
    await page.getByTestId('transaction-item').filter({ hasText: 'Transfer to Savings' }).waitFor();
    await summary.getByText('4 entries').waitFor();
    expect(await summaryText(page)).toBe('4 entries · in $1,200.00 · out $1,095.20 · net $104.80');
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { chooseOption, focused, tabTo } from './support/keyboard.js';
import { api, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Issue 22, Done-when 4: a person with only a keyboard creates a credit card with a limit,
 * records a categorised, back-dated expense from the card's account card, reconciles the
 * account, and creates a rule and applies it. No mouse event is sent: only keyboard.press and
 * keyboard.type; the API is used only to set the scene (the book's time zone) and to check what
 * was recorded.
 */

interface Account {
  id: string;
  title: string;
  balance: number;
  creditLimit?: number | null;
  type?: string;
}
interface Entry {
  id: string;
  description: string;
  amount: number;
  accountId: string | null;
  categoryId: string | null;
  payee: string | null;
  occurredOn: string;
  cleared: string;
}

/** 'YYYY-MM-DD' of the UTC day `days` before today (the book's zone is set to UTC). */
function utcDay(days = 0): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function entries(token: string): Promise<Entry[]> {
  return (await api<{ data: { items: Entry[] } }>(token, 'GET', '/api/transactions')).data.items;
}

describe('keyboard only: a card, a back-dated expense, a reconciliation and a rule', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates a card with a limit, records a categorised back-dated expense from its card, reconciles it, and creates and applies a rule', async () => {
    const { token } = await signedInUser('keyboard-money');
    await api(token, 'PATCH', '/api/book', { timeZone: 'UTC' });
    const w = await openPage(browser, { token, locale: 'en-US' });
    const { page } = w;
    const { keyboard } = page;

    // 1. A credit card with a limit of 500.
    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await tabTo(page, 'Add Account');
    await keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add Account' });
    await add.waitFor();
    await tabTo(page, 'Title');
    await keyboard.type('Visa');
    await tabTo(page, 'Type');
    await chooseOption(page, 'Credit card');
    await tabTo(page, 'Credit limit (optional)');
    await keyboard.type('500');
    await tabTo(page, 'Add Account');
    await keyboard.press('Enter');
    await toast(page, 'Account added successfully');
    await add.waitFor({ state: 'hidden' });
    const visa = (await api<{ data: Account[] }>(token, 'GET', '/api/account')).data.find(
      (account) => account.title === 'Visa',
    );
    expect(visa).toMatchObject({ balance: 0, creditLimit: 500, type: 'credit-card' });
    if (!visa) throw new Error('no Visa');

    // 2. From the card's own account card: an expense, categorised, dated ten days ago. A new
    // card holds no money; its limit is what lets the purchase through.
    const tenDaysAgo = utcDay(10);
    await tabTo(page, 'Withdraw from Visa');
    await keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    await tabTo(page, 'Type', { key: 'Shift+Tab' });
    await chooseOption(page, 'Expense');
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    await expense.waitFor();
    await tabTo(page, 'Amount');
    await keyboard.type('84.20');
    await tabTo(page, 'Description');
    await keyboard.type('Corner Cafe lunch');
    await tabTo(page, 'More details');
    await keyboard.press('Enter');
    await tabTo(page, 'Date');
    const [year, month, day] = tenDaysAgo.split('-');
    await keyboard.type(`${month}${day}${year}`);
    expect(await expense.getByLabel('Date', { exact: true }).inputValue()).toBe(tenDaysAgo);
    await tabTo(page, 'Category');
    await chooseOption(page, 'Dining out');
    await tabTo(page, 'Add Expense');
    await keyboard.press('Enter');
    await toast(page, 'Expense created successfully');
    await expense.waitFor({ state: 'hidden' });
    await focused(page, 'Withdraw from Visa');
    const lunch = (await entries(token)).find((entry) => entry.description === 'Corner Cafe lunch');
    expect(lunch).toMatchObject({ amount: 84.2, accountId: visa.id, occurredOn: tenDaysAgo });
    expect(lunch?.categoryId).not.toBeNull();

    // 3. Reconcile the card against a statement that owes 84.20.
    await tabTo(page, 'View Details of Visa');
    await keyboard.press('Enter');
    await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await tabTo(page, 'Cleared: Corner Cafe lunch');
    await keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Cleared: Corner Cafe lunch' }).isChecked())
      .toBe(true);
    await tabTo(page, 'Reconcile');
    await keyboard.press('Enter');
    const reconcile = page.getByRole('dialog', { name: 'Reconcile account' });
    await reconcile.waitFor();
    // The statement is dated today; on a card the balance is what is owed.
    await tabTo(page, 'Statement balance owed');
    await keyboard.type('80');
    const difference = reconcile.getByTestId('reconcile-difference');
    await difference.getByText('$4.20').waitFor();
    await keyboard.press('Control+A');
    await keyboard.type('84.20');
    await difference.getByText('$0.00').waitFor();
    await tabTo(page, 'Finish reconciliation');
    await keyboard.press('Enter');
    await reconcile.waitFor({ state: 'hidden' });
    await page
      .getByTestId('transaction-row')
      .filter({ hasText: 'Corner Cafe lunch' })
      .getByText('Reconciled', { exact: true })
      .waitFor();
    const locked = (await entries(token)).find((entry) => entry.id === lunch?.id);
    expect(locked).toMatchObject({ cleared: 'reconciled' });

    // 4. A rule, created and applied to the entries it finds.
    await tabTo(page, 'Rules');
    await keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a rule' });
    await form.waitFor();
    await tabTo(page, 'Name');
    await keyboard.type('Cafe payee');
    await tabTo(page, 'Text');
    await keyboard.type('corner cafe');
    await tabTo(page, 'Set payee');
    await keyboard.type('Corner Cafe');
    await tabTo(page, 'Test');
    // The button, not the select of the same name that says how the text is tested.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    await keyboard.press('Enter');
    await form.getByRole('table', { name: 'Entries the rule would change' }).waitFor();
    await tabTo(page, 'Apply to these 1 entry');
    await keyboard.press('Enter');
    await form.getByText('The rule changed 1 entry.').waitFor();
    // Focus moves to the Undo that took the Apply button's place, not back to the page.
    await focused(page, 'Undo');
    const after = (await entries(token)).find((entry) => entry.id === lunch?.id);
    expect(after).toMatchObject({ payee: 'Corner Cafe', amount: 84.2, occurredOn: tenDaysAgo });
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { focused, tabTo } from './support/keyboard.js';
import { api, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Issue 22, "one entry form": the same form (type, amount, description, account, and under
 * "More details" date, payee, category, tags and split lines) from the account card, the
 * dashboard, /expenses, /all-expenses and /transactions; a categorised, back-dated expense
 * recorded from an account card with the keyboard alone; a transfer recorded from it; and one
 * delete behaviour (the entry panel's button asks the Delete key's question).
 */

interface Account {
  id: string;
  title: string;
  balance: number;
}
interface Entry {
  id: string;
  description: string;
  amount: number;
  accountId: string | null;
  categoryId: string | null;
  occurredOn: string;
}

/** Every field of the form as it is labelled, in order, "More details" opened. */
const FIELDS = ['Type', 'Amount', 'Account', 'Description', 'Date', 'Payee', 'Category', 'Tags'];
const SPLIT = 'Split into lines';

/** 'YYYY-MM-DD' of the UTC day `months` before today (the book's zone is set to UTC). */
function utcDay(months = 0): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
  day.setUTCDate(Math.min(now.getUTCDate(), last));
  return day.toISOString().slice(0, 10);
}

/** The labels of the dialog's fields, in the order they are drawn. */
function fieldLabels(dialog: Locator): Promise<string[]> {
  return dialog
    .locator('input, select, textarea')
    .evaluateAll((fields) =>
      fields.map((field) =>
        ((field as HTMLInputElement).labels?.[0]?.textContent ?? '').trim().replace(/\s+/g, ' '),
      ),
    );
}

async function openDetails(dialog: Locator): Promise<void> {
  const details = dialog.locator('details');
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) {
    await dialog.getByText('More details').click();
  }
}

async function entries(token: string): Promise<Entry[]> {
  return (await api<{ data: { items: Entry[] } }>(token, 'GET', '/api/transactions')).data.items;
}

async function setUp(label: string) {
  const { token } = await signedInUser(label);
  // "Today" is the book's day: UTC here, so the journey knows which day the form starts on.
  await api(token, 'PATCH', '/api/book', { timeZone: 'UTC' });
  const account = async (title: string, deposit: number) => {
    const created = (await api<{ data: Account }>(token, 'POST', '/api/account', { title })).data;
    await api(token, 'POST', `/api/account/${created.id}/deposit`, { amount: deposit });
    return created;
  };
  return { token, account };
}

describe('one entry form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('records a categorised, back-dated expense from an account card with the keyboard alone, listed under its own day on /expenses', async () => {
    const { token, account } = await setUp('entry-form-keys');
    const everyday = await account('Everyday', 200);
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 3,
      description: 'Coffee',
      accountId: everyday.id,
    });
    const monthAgo = utcDay(1);
    // en-US: the date field's parts are month, day, year.
    const w = await openPage(browser, { token, locale: 'en-US' });
    const { page } = w;
    const { keyboard } = page;
    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();

    await tabTo(page, 'Deposit to Everyday');
    await keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Deposit Funds' }).waitFor();
    await focused(page, 'Amount');
    // The type is switched inside the form: Deposit, Withdrawal, Expense, Transfer.
    await tabTo(page, 'Type', { key: 'Shift+Tab' });
    await keyboard.press('ArrowDown');
    await keyboard.press('ArrowDown');
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.waitFor();
    // Opened from the account's card, the account is shown, not chosen.
    await dialog.getByText('Everyday', { exact: true }).waitFor();

    await tabTo(page, 'Amount');
    await keyboard.type('42.50');
    await tabTo(page, 'Description');
    await keyboard.type('Dentist');
    await tabTo(page, 'More details');
    await keyboard.press('Enter');
    await tabTo(page, 'Date');
    const date = dialog.getByLabel('Date', { exact: true });
    expect(await date.inputValue()).toBe(utcDay());
    const [year, month, day] = monthAgo.split('-');
    await keyboard.type(`${month}${day}${year}`);
    expect(await date.inputValue()).toBe(monthAgo);
    await tabTo(page, 'Category');
    await keyboard.press('ArrowDown');
    const category = await dialog
      .getByLabel('Category', { exact: true })
      .evaluate((select: HTMLSelectElement) => ({
        id: select.value,
        name: select.selectedOptions[0]?.textContent ?? '',
      }));
    expect(category.name).not.toBe('Uncategorised');
    await tabTo(page, 'Add Expense');
    await keyboard.press('Enter');
    await toast(page, 'Expense created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await focused(page, 'Deposit to Everyday');

    const recorded = (await entries(token)).find((entry) => entry.description === 'Dentist');
    expect(recorded).toMatchObject({
      amount: 42.5,
      accountId: everyday.id,
      categoryId: category.id,
      occurredOn: monthAgo,
    });

    // /expenses lists it under the day it happened, after today's coffee.
    await tabTo(page, 'Expenses', { key: 'Shift+Tab' });
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    const rows = page.getByTestId('expense-row');
    const dentist = rows.filter({ hasText: 'Dentist' });
    await dentist.waitFor();
    expect(await dentist.getByTestId('expense-date').getAttribute('datetime')).toBe(monthAgo);
    const order = await rows.evaluateAll((found) =>
      found.map((row) => (row.textContent?.includes('Dentist') ? 'Dentist' : 'Coffee')),
    );
    expect(order).toEqual(['Coffee', 'Dentist']);
    w.assertClean();
    await w.context.close();
  });

  it('is the same form from the dashboard, /expenses, /all-expenses and /transactions, and records a transfer', async () => {
    const { token, account } = await setUp('entry-form-places');
    const savings = await account('Savings', 300);
    const card = await account('Card', 10);
    const w = await openPage(browser, { token });
    const { page } = w;

    const places: [string, string, (page: Page) => Promise<void>][] = [
      [
        '/',
        'Add Expense',
        (p) => p.locator('main').getByRole('button', { name: 'Add', exact: true }).click(),
      ],
      ['/expenses', 'Add Expense', (p) => p.getByRole('button', { name: 'Add Expense' }).click()],
      [
        '/all-expenses',
        'Add Expense',
        (p) => p.getByRole('button', { name: 'Add Expense' }).click(),
      ],
      [
        '/transactions',
        'New transaction',
        (p) => p.getByRole('button', { name: 'New transaction' }).click(),
      ],
    ];
    for (const [path, title, open] of places) {
      await w.goto(path);
      await open(page);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await openDetails(dialog);
      expect(await fieldLabels(dialog), path).toEqual([...FIELDS, SPLIT]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }

    // A transfer from the same form: the type switched, two accounts, the date kept.
    await page.getByRole('button', { name: 'New transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New transaction' });
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Transfer' });
    expect(await fieldLabels(dialog)).toEqual([
      'Type',
      'Amount',
      'From account',
      'To account',
      'Description',
      'Date',
    ]);
    await dialog.getByLabel('Amount', { exact: true }).fill('125.50');
    await dialog.getByLabel('Description').fill('Pay the card');
    await dialog.getByRole('combobox', { name: 'From account' }).selectOption(savings.id);
    await dialog.getByRole('combobox', { name: 'To account' }).selectOption(card.id);
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await toast(page, 'Transfer completed');
    await dialog.waitFor({ state: 'hidden' });
    const balances = (await api<{ data: Account[] }>(token, 'GET', '/api/account')).data;
    expect(balances.find((a) => a.id === savings.id)?.balance).toBe(174.5);
    expect(balances.find((a) => a.id === card.id)?.balance).toBe(135.5);
    w.assertClean();
    await w.context.close();
  });

  it('deleting from the entry panel asks the same question as the Delete key', async () => {
    const { token, account } = await setUp('entry-form-delete');
    const wallet = await account('Wallet', 50);
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 20,
      description: 'Concert',
      accountId: wallet.id,
    });
    const concert = (await entries(token)).find((entry) => entry.description === 'Concert');
    const w = await openPage(browser, { token });
    const { page } = w;
    const question = page.getByRole('alertdialog', { name: 'Delete 1 transaction?' });

    // The Delete key on the focused row asks first.
    await w.goto('/transactions');
    const row = page.getByTestId('transaction-item').filter({ hasText: 'Concert' });
    await row.locator('[data-entry-open]').focus();
    await page.keyboard.press('Delete');
    await question.waitFor();
    const asked = await question.textContent();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });

    // The panel's button asks the same, and Cancel keeps the entry.
    await w.goto(`/transactions?entry=${concert?.id ?? ''}`);
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    await panel.getByRole('button', { name: 'Delete transaction' }).click();
    await question.waitFor();
    expect(await question.textContent()).toBe(asked);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect((await entries(token)).some((entry) => entry.description === 'Concert')).toBe(true);

    await panel.getByRole('button', { name: 'Delete transaction' }).click();
    await question.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Transaction deleted');
    await panel.waitFor({ state: 'hidden' });
    expect((await entries(token)).some((entry) => entry.description === 'Concert')).toBe(false);
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { loseFirstAnswer } from './support/lost-answer.js';
import { api, signedInUser } from './support/session.js';

/** Issue 12, items 2, 7, 8, 14 and 16: forms as a careful person expects them. */

function toasts(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

interface Account {
  id: string;
  title: string;
  balance: number;
}

async function accountsOf(token: string): Promise<Account[]> {
  return (await api<{ data: Account[] }>(token, 'GET', '/api/account')).data;
}

describe('forms', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('item 2: a double-click on "Add Account" adds one account, with one request (with its own Idempotency-Key) and one toast', async () => {
    const { token } = await signedInUser('double-click');
    const w = await openPage(browser, { token });
    const { page } = w;
    const creates: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/account.create'))
        creates.push(request.headers()['idempotency-key'] ?? null);
    });
    await w.goto('/accounts');
    await page.getByText('No accounts found').waitFor();
    await page.getByLabel('Title').fill('Groceries');
    // The fastest double-click there is: the second click lands before React has re-rendered.
    await page
      .getByRole('button', { name: 'Add Account' })
      .last()
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    await toasts(page, 'Account added successfully').first().waitFor();
    await page.getByTestId('account-card').first().waitFor();

    // And a person's double-click, in the dialog.
    await page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Title').fill('Savings');
    await dialog.getByRole('button', { name: 'Add Account' }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    expect((await accountsOf(token)).map((account) => account.title).sort()).toEqual([
      'Groceries',
      'Savings',
    ]);
    expect(await toasts(page, 'Account added successfully').count()).toBe(2);
    expect(creates).toHaveLength(2);
    for (const key of creates) expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(creates[1]).not.toBe(creates[0]);
    w.assertClean();
    await w.context.close();
  });

  it('item 2: a deposit whose answer is lost is retried with the same Idempotency-Key and applies once', async () => {
    const { token } = await signedInUser('lost-answer');
    const account = (await api<{ data: Account }>(token, 'POST', '/api/account', { title: 'Pot' }))
      .data;
    const w = await openPage(browser, { token });
    const { page } = w;
    w.expect(/account\.deposit net::ERR_CONNECTION_RESET/);
    // The first deposit reaches the server and is applied, but its answer never arrives.
    const keys = await loseFirstAnswer(page, 'account.deposit');
    await w.goto('/accounts');
    await page.getByRole('button', { name: 'Deposit to Pot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit Funds' });
    await dialog.getByLabel('Amount').fill('40');
    await dialog.getByRole('button', { name: 'Deposit' }).dblclick();
    await toasts(page, 'Deposit successful').first().waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const after = (await api<{ data: Account }>(token, 'GET', `/api/account/${account.id}`)).data;
    expect(after.balance).toBe(40);
    w.assertClean();
    await w.context.close();
  });

  it('item 2: a double-click on Withdraw, Add Expense, Save Changes and Delete Account sends one request each, with its own Idempotency-Key', async () => {
    const { token } = await signedInUser('double-click-forms');
    const account = (
      await api<{ data: Account }>(token, 'POST', '/api/account', { title: 'Spare' })
    ).data;
    await api(token, 'POST', `/api/account/${account.id}/deposit`, { amount: 100 });
    // A book with a time zone: the app would otherwise set the device's on first load, a
    // mutation of its own among the ones counted here.
    await api(token, 'PATCH', '/api/book', { timeZone: 'UTC' });
    const w = await openPage(browser, { token });
    const { page } = w;
    // Every call that changes something (a tRPC mutation is a POST), with its key.
    const sent: { procedure: string; key: string | null }[] = [];
    page.on('request', (request) => {
      const match = /\/trpc\/([\w.]+)/.exec(request.url());
      if (match?.[1] && request.method() === 'POST')
        sent.push({ procedure: match[1], key: request.headers()['idempotency-key'] ?? null });
    });

    await w.goto('/accounts');
    await page.getByRole('button', { name: 'Withdraw from Spare' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Funds' });
    await withdraw.getByLabel('Amount').fill('10');
    await withdraw.getByRole('button', { name: 'Withdraw' }).dblclick();
    await toasts(page, 'Withdrawal successful').first().waitFor();

    await w.goto('/expenses');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    await expense.getByLabel('Amount').fill('5');
    await expense.getByLabel('Description').fill('Tea');
    await expense.getByRole('button', { name: 'Add Expense' }).dblclick();
    await toasts(page, 'Expense created successfully').first().waitFor();

    await w.goto(`/accounts/${account.id}`);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    await edit.getByLabel('Title').fill('Spare change');
    await edit.getByRole('button', { name: 'Save Changes' }).dblclick();
    await toasts(page, 'Account updated successfully').first().waitFor();

    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).dblclick();
    await toasts(page, 'Account deleted successfully').first().waitFor();
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await page.waitForTimeout(500);

    expect(sent.map((call) => call.procedure)).toEqual([
      'account.withdraw',
      'expense.create',
      'account.update',
      'account.delete',
    ]);
    for (const { key } of sent) expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(sent.map((call) => call.key)).size).toBe(sent.length);
    // One effect each: one toast for the delete, and the account is gone.
    expect(await toasts(page, 'Account deleted successfully').count()).toBe(1);
    expect(await accountsOf(token)).toEqual([]);
    w.assertClean();
    await w.context.close();
  });

  it('item 2: an account delete whose answer is lost is retried with the same Idempotency-Key and says it was deleted', async () => {
    const { token } = await signedInUser('lost-delete');
    const account = (await api<{ data: Account }>(token, 'POST', '/api/account', { title: 'Gone' }))
      .data;
    const w = await openPage(browser, { token });
    const { page } = w;
    w.expect(/account\.delete net::ERR_CONNECTION_RESET/);
    const keys = await loseFirstAnswer(page, 'account.delete');
    await w.goto(`/accounts/${account.id}`);
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
    // The retry is answered with the first outcome, not "Account not found".
    await toasts(page, 'Account deleted successfully').first().waitFor();
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await toasts(page, 'Failed to delete account').count()).toBe(0);
    expect(await accountsOf(token)).toEqual([]);
    w.assertClean();
    await w.context.close();
  });

  it('item 7: amounts and account fields say what is wrong, at the field', async () => {
    const { token } = await signedInUser('field-errors');
    await api(token, 'POST', '/api/account', { title: 'Checking' });
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/accounts');
    await page.getByRole('button', { name: 'Deposit to Checking' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
    const amount = deposit.getByLabel('Amount');
    await amount.fill('12.345');
    await deposit.getByText('Amount must have at most two decimal places').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill('1000000000.01');
    await deposit.getByText('Amount must be at most 1,000,000,000.00').waitFor();
    await amount.fill('0');
    await deposit.getByText('Please enter a valid amount to deposit.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Account' }).click();
    const form = page.getByRole('dialog', { name: 'Add Account' });
    const title = form.getByLabel('Title');
    await title.fill('x'.repeat(150));
    expect((await title.inputValue()).length).toBe(100);
    await title.fill('');
    await form.getByRole('button', { name: 'Add Account' }).click();
    // At the field, and named by it for screen readers, besides the spec's toast.
    const describedBy = await title.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Title is required');

    const hex = form.getByLabel('Color hex code');
    const swatch = form.getByLabel('Color', { exact: true });
    await hex.fill('#12');
    await hex.blur();
    await form.getByText('Color must be a hex color like #10b981').waitFor();
    expect(await swatch.getAttribute('aria-invalid')).toBe('true');
    await hex.fill('#123456');
    expect(await swatch.inputValue()).toBe('#123456');
    expect(await form.getByText('Color must be a hex color like #10b981').count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });

  it('item 8: deleting an account that holds money says how much', async () => {
    const { token } = await signedInUser('delete-amount');
    const account = (await api<{ data: Account }>(token, 'POST', '/api/account', { title: 'Old' }))
      .data;
    await api(token, 'POST', `/api/account/${account.id}/deposit`, { amount: 1234.5 });
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto(`/accounts/${account.id}`);
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/still holds \$1,234\.50/)
      .waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('item 14: the accounts search and order live in the URL, through a reload and Back', async () => {
    const { token } = await signedInUser('url-view');
    for (const title of ['Alpha', 'Beta', 'Gamma'])
      await api(token, 'POST', '/api/account', { title });
    const w = await openPage(browser, { token });
    const { page } = w;
    const titles = () => page.getByTestId('account-card').locator('h2').allTextContents();
    await w.goto('/accounts');
    await expect.poll(titles).toEqual(['Gamma', 'Beta', 'Alpha']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest' });
    await page.getByPlaceholder('Search accounts...').fill('a');
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ sort: 'oldest', q: 'a' });
    await page.reload();
    await expect.poll(titles).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await page.getByPlaceholder('Search accounts...').inputValue()).toBe('a');
    await page.getByRole('link', { name: 'View Details of Beta' }).click();
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await page.goBack();
    await expect.poll(titles).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('oldest');
    w.assertClean();
    await w.context.close();
  });

  it("item 16: a form's toast does not follow the person to the next screen", async () => {
    const { token } = await signedInUser('toast-scope');
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/accounts');
    await page.getByText('No accounts found').waitFor();
    await page.getByRole('button', { name: 'Add Account' }).last().click();
    await toasts(page, 'Title is required').first().waitFor();
    await page.locator('#app-sidebar').getByRole('link', { name: 'Expenses', exact: true }).click();
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    // Well before its 4 seconds are up.
    await expect.poll(() => toasts(page, 'Title is required').count(), { timeout: 1500 }).toBe(0);
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { signedInUser } from './support/session.js';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

async function cardTitles(page: Page): Promise<string[]> {
  const cards = page.getByTestId('account-card');
  const count = await cards.count();
  const titles: string[] = [];
  for (let i = 0; i < count; i++)
    titles.push(((await cards.nth(i).locator('h2, h3').first().textContent()) ?? '').trim());
  return titles;
}

async function addAccountByDialog(page: Page, title: string, description = ''): Promise<void> {
  await page.getByRole('button', { name: 'Add Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Account' });
  await dialog.getByLabel('Title').fill(title);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await toast(page, 'Account added successfully');
  await dialog.waitFor({ state: 'hidden' });
}

async function moveMoney(page: Page, kind: 'Deposit' | 'Withdraw', title: string, amount: string) {
  await page
    .getByRole('button', {
      name: kind === 'Deposit' ? `Deposit to ${title}` : `Withdraw from ${title}`,
    })
    .click();
  const dialog = page.getByRole('dialog', { name: `${kind} Funds` });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: kind }).click();
  return dialog;
}

async function sortBy(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label });
}

describe('accounts journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('adds, searches, sorts, deposits, withdraws, edits, sets default and deletes', async () => {
    const { token } = await signedInUser('accounts');
    const w = await openPage(browser, { token });
    // Refusals this journey asks for on purpose.
    w.expect(/HTTP 422: POST .*\/trpc\/account\.withdraw/);
    const { page } = w;

    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await page.getByText('No accounts found').waitFor();

    // The inline form of the empty state, first with a blank title.
    await page.getByRole('button', { name: 'Add Account' }).last().click();
    await toast(page, 'Title is required');
    await page.getByLabel('Title').fill('Groceries');
    await page.getByRole('button', { name: 'Add Account' }).last().click();
    await toast(page, 'Account added successfully');
    await page.getByTestId('account-card').first().waitFor();

    await addAccountByDialog(page, 'Savings', 'Rainy day fund');
    await addAccountByDialog(page, 'Travel card');
    await expect.poll(() => cardTitles(page)).toEqual(['Travel card', 'Savings', 'Groceries']);

    let dialog = await moveMoney(page, 'Deposit', 'Savings', '500');
    await toast(page, 'Deposit successful');
    await dialog.waitFor({ state: 'hidden' });
    dialog = await moveMoney(page, 'Deposit', 'Groceries', '50.25');
    await toast(page, 'Deposit successful');
    await dialog.waitFor({ state: 'hidden' });

    // Search matches title or description, ignoring case.
    await page.getByPlaceholder('Search accounts...').fill('RAINY');
    await expect.poll(() => cardTitles(page)).toEqual(['Savings']);
    await page.getByPlaceholder('Search accounts...').fill('');
    await expect.poll(() => cardTitles(page)).toHaveLength(3);

    await sortBy(page, 'Oldest');
    await expect.poll(() => cardTitles(page)).toEqual(['Groceries', 'Savings', 'Travel card']);
    await sortBy(page, 'Balance: High to Low');
    await expect.poll(() => cardTitles(page)).toEqual(['Savings', 'Groceries', 'Travel card']);
    await sortBy(page, 'Balance: Low to High');
    await expect.poll(() => cardTitles(page)).toEqual(['Travel card', 'Groceries', 'Savings']);
    await sortBy(page, 'Latest');
    await expect.poll(() => cardTitles(page)).toEqual(['Travel card', 'Savings', 'Groceries']);

    // More than the balance: refused, and the dialog stays open for a correction.
    dialog = await moveMoney(page, 'Withdraw', 'Groceries', '100');
    await toast(page, 'Insufficient funds');
    expect(await dialog.isVisible()).toBe(true);
    // Said at the amount too, with what the account has to spend.
    await dialog.getByText('Insufficient funds: $50.25 available').waitFor();
    await dialog.getByLabel('Amount').fill('0.25');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await toast(page, 'Withdrawal successful');
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByTestId('account-card')
      .filter({ hasText: 'Groceries' })
      .getByText('$50.00')
      .waitFor();

    // Details.
    await page
      .getByRole('link', { name: 'View Details of Savings' })
      .or(page.getByRole('button', { name: 'View Details of Savings' }))
      .click();
    await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await page.getByText('$500.00').first().waitFor();
    await page.getByText('Created on:').waitFor();

    // Edit: nothing changed, then a real change.
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'No changes to update.');
    await edit.getByLabel('Title').fill('Savings plus');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Account updated successfully');
    await page
      .getByRole('heading', { name: 'Savings plus' })
      .or(page.getByText('Savings plus').first())
      .first()
      .waitFor();

    // Set as default, then /account shows it.
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Set as Default' }).click();
    await toast(page, 'Default account set');
    const detailsUrl = page.url();
    await w.goto('/account');
    await page.getByText('Savings plus').first().waitFor();
    await page.getByText('$500.00').first().waitFor();

    // Delete through the confirmation, back to the list.
    await page.goto(detailsUrl);
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Cancel' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Account deleted successfully');
    await page.waitForURL(/\/accounts$/);
    await expect.poll(() => cardTitles(page)).toEqual(['Travel card', 'Groceries']);

    await w.goto('/accounts/all');
    await page.getByRole('table').getByText('Groceries').waitFor();
    w.assertClean();
    await w.context.close();
  });
  it('adds a credit card with a limit and an opening date; a purchase is taken, the page shows the running balance', async () => {
    const { token } = await signedInUser('accounts-card');
    const w = await openPage(browser, { token });
    const { page } = w;

    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Title').fill('Visa');
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Credit card' });
    // The card type shows the card icon until the person picks one.
    expect(await dialog.getByRole('combobox', { name: 'Icon' }).inputValue()).toBe('credit-card');
    await dialog.getByLabel('Credit limit (optional)', { exact: true }).fill('500');
    // Owed beyond the limit: said at the field, nothing sent.
    await dialog.getByLabel('Amount owed (optional)', { exact: true }).fill('600');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog
      .getByText('An opening balance of -600.00 needs a credit limit of at least 600.00')
      .waitFor();
    await dialog.getByLabel('Amount owed (optional)', { exact: true }).fill('50');
    await dialog.getByLabel('Opening date', { exact: true }).fill('2025-06-01');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Account added successfully');
    await dialog.waitFor({ state: 'hidden' });
    const visa = page.getByTestId('account-card').filter({ hasText: 'Visa' });
    await visa.getByText('-$50.00').waitFor();
    expect(await visa.getByTestId('account-type').innerText()).toBe('Credit card');

    // A purchase of 100 on the card: taken at once, within the limit.
    await w.goto('/expenses');
    await page.getByRole('button', { name: 'Add Expense' }).first().click();
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    await expense.getByLabel('Amount').fill('100');
    await expense.getByLabel('Description').fill('Shoes');
    await expense
      .getByRole('combobox', { name: 'Account' })
      .selectOption({ label: 'Visa (-$50.00)' });
    await expense.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Expense created successfully');
    await expense.waitFor({ state: 'hidden' });

    // The account page: each entry with the balance after it, newest first.
    await w.goto('/accounts');
    await page
      .getByRole('link', { name: 'View Details of Visa' })
      .or(page.getByRole('button', { name: 'View Details of Visa' }))
      .click();
    await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
    await page.getByText('Type', { exact: true }).waitFor();
    await page.getByText('Credit card', { exact: true }).first().waitFor();
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('running-balance').allInnerTexts())
      .toEqual(['Balance -$150.00', 'Balance -$50.00']);
    expect(await rows.nth(1).innerText()).toContain('Opening balance');
    expect(await rows.nth(1).locator('time').getAttribute('datetime')).toBe('2025-06-01');
    w.assertClean();
    await w.context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { toast } from './support/toast.js';
import { launchBrowser, openPage } from './support/browser.js';
import { api, categoryIdNamed, signedInUser } from './support/session.js';

// Rules beyond import (docs/import.md#rules): the setting that applies them to entries added by
// hand, and "Create rule" on the toast of a re-categorisation, which prefills the rule form.

interface Entry {
  id: string;
  description: string;
  categoryId: string | null;
}

describe('rules on manual entries and from edits', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('applies a rule to an expense added by hand, and makes a rule from a re-categorisation', async () => {
    const { token } = await signedInUser('rules-manual');
    const wallet = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Wallet' })
    ).data;
    await api(token, 'POST', `/api/account/${wallet.id}/deposit`, { amount: 100 });
    const groceries = await categoryIdNamed(token, 'Groceries');
    const coffee = await categoryIdNamed(token, 'Coffee');
    const w = await openPage(browser, { token });
    const { page } = w;

    // The setting, off by default, turned on with its switch on the rules page.
    await w.goto('/rules');
    await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
    const setting = page.getByRole('switch', { name: 'Apply rules to entries I add by hand' });
    await expect.poll(() => setting.isEnabled()).toBe(true);
    expect(await setting.isChecked()).toBe(false);
    await expectAccessible(page, 'rules with the setting');
    await setting.check();
    await toast(page, 'Rules now apply to entries you add');
    const book = await api<{ data: { applyRulesToManualEntries: boolean } }>(
      token,
      'GET',
      '/api/book',
    );
    expect(book.data.applyRulesToManualEntries).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('Bakery');
    await page.getByLabel('Text', { exact: true }).fill('bakery');
    await page.getByLabel('Set category', { exact: true }).selectOption({ label: 'Groceries' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await toast(page, 'Rule added');

    // An expense typed without a category gets the rule's.
    await w.goto('/transactions');
    await page.getByRole('button', { name: 'New transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New transaction' });
    await dialog.getByLabel('Amount', { exact: true }).fill('4.20');
    await dialog
      .getByRole('combobox', { name: 'Account' })
      .selectOption({ label: 'Wallet ($100.00)' });
    await dialog.getByLabel('Description').fill('Village Bakery');
    await dialog.getByRole('button', { name: 'Add transaction' }).click();
    await toast(page, 'Transaction created');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('transaction-item').filter({ hasText: 'Village Bakery' });
    await row.getByText('Groceries').waitFor();
    const list = await api<{ data: { items: Entry[] } }>(token, 'GET', '/api/transactions');
    expect(list.data.items.find((e) => e.description === 'Village Bakery')).toMatchObject({
      categoryId: groceries,
    });

    // Re-categorise an entry in its panel; the toast offers a rule made from the edit.
    const taxi = await api<{ data: { transaction: { id: string } } }>(
      token,
      'POST',
      '/api/transactions',
      { type: 'expense', accountId: wallet.id, amount: 3, description: 'Corner Coffee' },
    );
    await w.goto(`/transactions?entry=${taxi.data.transaction.id}`);
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    await panel.getByLabel('Category').selectOption({ label: 'Coffee' });
    await panel.getByRole('button', { name: 'Save changes' }).click();
    const updated = await toast(page, 'Transaction updated');
    await updated.getByRole('button', { name: 'Create rule' }).click();

    // The form is prefilled; nothing is saved until the person saves it.
    await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Corner Coffee');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Corner Coffee');
    expect(await page.getByLabel('When', { exact: true }).inputValue()).toBe('description');
    await expect
      .poll(() => page.getByLabel('Set category', { exact: true }).inputValue())
      .toBe(coffee);
    const before = await api<{ data: unknown[] }>(token, 'GET', '/api/rules');
    expect(before.data).toHaveLength(1);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText('Matches 1 of your latest', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await toast(page, 'Rule added');
    await page.getByRole('listitem').getByText('Corner Coffee', { exact: true }).waitFor();
    await page
      .getByText('When description contains “Corner Coffee”: set category “Coffee”')
      .waitFor();
    const after = await api<{ data: { name: string; set: { categoryId: string } }[] }>(
      token,
      'GET',
      '/api/rules',
    );
    expect(after.data.map((rule) => rule.name)).toEqual(['Bakery', 'Corner Coffee']);
    expect(after.data[1]?.set.categoryId).toBe(coffee);

    // Inline edit and bulk re-categorise (of one description) offer it too.
    const expense = (description: string) =>
      api(token, 'POST', '/api/transactions', {
        type: 'expense',
        accountId: wallet.id,
        amount: 1,
        description,
      });
    await expense('Bookshop');
    await expense('Tea House');
    await expense('Tea House');
    await w.goto('/transactions');
    await page.getByRole('button', { name: 'Edit Bookshop in its row' }).click();
    const inline = page.getByRole('form', { name: 'Edit Bookshop' });
    await inline.getByLabel('Category').selectOption({ label: 'Groceries' });
    await inline.getByRole('button', { name: 'Save' }).click();
    const inlineToast = await toast(page, 'Transaction updated');
    await inlineToast.getByRole('button', { name: 'Create rule' }).waitFor();

    for (const box of await page.getByRole('checkbox', { name: 'Select Tea House' }).all()) {
      await box.check();
    }
    await page.getByLabel('New category').selectOption({ label: 'Coffee' });
    await page.getByRole('button', { name: 'Re-categorise' }).click();
    const bulkToast = await toast(page, '2 transactions re-categorised');
    await bulkToast.getByRole('button', { name: 'Create rule' }).click();
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue())
      .toBe('Tea House');
    expect(await api<{ data: unknown[] }>(token, 'GET', '/api/rules')).toMatchObject({
      data: { length: 2 },
    });
    w.assertClean();
  });
});

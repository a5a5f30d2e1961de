import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

// The import journey (docs/import.md): a CSV whose columns the person maps, duplicates marked in
// the review, import, revert, and the same file again with a rule (made on the rules page)
// that sets categories.

const CSV = `When,Shop,Note,Value
2026-03-02,Corner Coffee,card 1234,-3.50
2026-03-02,Corner Coffee,card 1234,-3.50
2026-03-05,Grocer,card 1234,-20.00
2026-03-06,Employer,salary,500.00
`;

interface Entry {
  description: string;
  payee: string;
  categoryId: string | null;
  amount: number;
}

describe('import journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('maps a CSV, sees duplicates, imports, reverts, and imports again with a rule', async () => {
    const { token } = await signedInUser('import');
    const account = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Checking' })
    ).data;
    const coffee = await coffeeCategory(token, account.id);
    const w = await openPage(browser, { token });
    const { page } = w;
    const chooseFile = () =>
      page
        .getByLabel('Bank file (CSV, OFX, QFX or QIF)')
        .setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const row = (line: number) =>
      page.getByRole('checkbox', { name: new RegExp(`^Import line ${line}:`) });

    // Reached from the account page, with the account chosen.
    await w.goto(`/accounts/${account.id}`);
    await page.getByRole('link', { name: 'Import a bank file' }).click();
    await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
    // Polled: the select holds the account once the accounts have loaded (its options).
    await expect
      .poll(() => page.getByLabel('Account', { exact: true }).inputValue())
      .toBe(account.id);

    // The mapping: the description is the shop and the payee the note; the review follows.
    await chooseFile();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByLabel('Description', { exact: true }).selectOption({ label: '2: Shop' });
    await page.getByLabel('Payee', { exact: true }).selectOption({ label: '3: Note' });
    await page.getByText('salary', { exact: true }).waitFor();
    await page.getByText('4 new, 0 duplicates, 0 that cannot be read.', { exact: false }).waitFor();
    await page.getByText('$473.00 after importing 4 rows', { exact: false }).waitFor();
    await expectAccessible(page, 'import review');
    await page.setViewportSize({ width: 320, height: 800 });
    await expectAccessible(page, 'import review 320px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await toast(page, 'Imported 4 transactions');

    // The same file again: recognised, every row a duplicate and unticked.
    await chooseFile();
    await page.getByText('This file was already imported into this account').waitFor();
    await page.getByText('0 new, 4 duplicates', { exact: false }).waitFor();
    expect(await page.getByText('Duplicate', { exact: true }).count()).toBe(4);
    for (const line of [2, 3, 4, 5]) expect(await row(line).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);

    // Revert the import as a whole, after a question that says what goes; Cancel changes nothing.
    await page.getByRole('button', { name: 'Revert the import of march.csv' }).click();
    const question = page.getByRole('alertdialog', { name: 'Revert the import of march.csv?' });
    await question
      .getByText(/The entries it added \(\d+ entries when imported\) leave the account/)
      .waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByText('Reverted', { exact: true }).count()).toBe(0);
    const revertIt = async () => {
      await page.getByRole('button', { name: 'Revert the import of march.csv' }).click();
      await question.getByRole('button', { name: 'Revert' }).click();
      const reverted = await toast(page, 'Import reverted');
      await question.waitFor({ state: 'hidden' });
      await page.getByText('Reverted', { exact: true }).waitFor();
      return reverted;
    };
    const balanceNow = async () =>
      (await api<{ data: { balance: number } }>(token, 'GET', `/api/account/${account.id}`)).data
        .balance;
    const entriesNow = async () =>
      (
        await api<{ data: { items: Entry[] } }>(
          token,
          'GET',
          `/api/transactions?accountId=${account.id}`,
        )
      ).data.items
        .map((entry) => `${entry.description} ${entry.amount}`)
        .sort();
    const imported = await entriesNow();
    expect(imported).toHaveLength(4);
    // Undo in the revert's toast: the entries and the balance back, the batch no longer reverted.
    await (await revertIt()).getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Change undone');
    await page.getByRole('button', { name: 'Revert the import of march.csv' }).waitFor();
    expect(await page.getByText('Reverted', { exact: true }).count()).toBe(0);
    expect(await balanceNow()).toBe(473);
    expect(await entriesNow()).toEqual(imported);
    await revertIt();
    const afterRevert = await api<{ data: { balance: number } }>(
      token,
      'GET',
      `/api/account/${account.id}`,
    );
    expect(afterRevert.data.balance).toBe(0);

    // A rule for coffee, made on the rules page with its category picker, then a second rule
    // tested and added there; then the file again: the review names the rule and its category,
    // and the entries get it.
    await w.goto('/import');
    await page.getByRole('link', { name: 'Rules that categorise imports' }).click();
    await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
    await page.getByText('No rules yet.', { exact: true }).waitFor();
    // Before any toast: a toast's own colours are not this page's.
    await expectAccessible(page, 'rules');
    const picker = page.getByLabel('Set category', { exact: true });
    expect(await picker.inputValue()).toBe('');
    expect(await picker.locator('option:checked').textContent()).toBe('No change');
    // Grouped by category group: Coffee sits in an optgroup (once the categories are loaded).
    const coffeeOption = picker.locator('optgroup > option', { hasText: /^Coffee$/ });
    await coffeeOption.waitFor({ state: 'attached' });
    expect(await coffeeOption.count()).toBe(1);
    await page.getByLabel('Name', { exact: true }).fill('Coffee shops');
    await page.getByLabel('Text', { exact: true }).fill('coffee');
    await picker.selectOption({ label: 'Coffee' });
    expect(await picker.inputValue()).toBe(coffee);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await toast(page, 'Rule added');
    await page.getByRole('listitem').getByText('Coffee shops', { exact: true }).waitFor();
    await page.getByText('When description contains “coffee”: set category “Coffee”').waitFor();
    // The form is ready for the next rule: the picker is back to "No change".
    expect(await picker.inputValue()).toBe('');
    const rules = await api<{ data: { name: string; set: { categoryId: string | null } }[] }>(
      token,
      'GET',
      '/api/rules',
    );
    expect(rules.data).toMatchObject([{ name: 'Coffee shops', set: { categoryId: coffee } }]);
    await page.getByLabel('Name', { exact: true }).fill('Groceries');
    await page.getByLabel('Text', { exact: true }).fill('grocer');
    await page.getByLabel('Set payee', { exact: true }).fill('Grocer Ltd');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText('Matches 0 of your latest 0 entries.').waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await toast(page, 'Rule added');
    // Scoped to the list: the category picker has a "Groceries" option too.
    await page.getByRole('listitem').getByText('Groceries', { exact: true }).waitFor();

    await w.goto(`/import?accountId=${account.id}`);
    await chooseFile();
    await page.getByText('4 new, 0 duplicates', { exact: false }).waitFor();
    // Polled: the review names rules and categories once their lists have loaded.
    await expect.poll(() => page.getByRole('cell', { name: 'Coffee shops' }).count()).toBe(2);
    await expect.poll(() => page.getByRole('cell', { name: 'Groceries' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Coffee', exact: true }).count())
      .toBe(2);
    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await toast(page, 'Imported 4 transactions');

    const ledger = await api<{ data: { items: Entry[] } }>(
      token,
      'GET',
      `/api/transactions?accountId=${account.id}`,
    );
    const coffees = ledger.data.items.filter((entry) => entry.description === 'Corner Coffee');
    expect(coffees).toHaveLength(2);
    for (const entry of coffees)
      expect(entry).toMatchObject({ categoryId: coffee, payee: 'card 1234' });
    expect(ledger.data.items.find((entry) => entry.description === 'Grocer')).toMatchObject({
      payee: 'Grocer Ltd',
    });
    const balance = await api<{ data: { balance: number } }>(
      token,
      'GET',
      `/api/account/${account.id}`,
    );
    expect(balance.data.balance).toBe(473);
    // The Transactions page leads here too.
    await w.goto('/transactions');
    await page.locator('main').getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
    w.assertClean();
  });
});

/**
 * The id of the book's default "Coffee" category, as the import preview resolves a file's
 * category column by name (nothing is saved by a preview).
 */
async function coffeeCategory(token: string, accountId: string): Promise<string> {
  const probe = Buffer.from('Date,Description,Amount,Category\n2026-01-01,Probe,-1.00,Coffee\n');
  const { data } = await api<{ data: { rows: { categoryId: string | null }[] } }>(
    token,
    'POST',
    '/api/imports/preview',
    { accountId, content: probe.toString('base64') },
  );
  const id = data.rows[0]?.categoryId;
  if (!id) throw new Error('The preview found no Coffee category');
  return id;
}

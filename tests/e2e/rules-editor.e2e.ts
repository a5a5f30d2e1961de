import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { toast } from './support/toast.js';
import { launchBrowser, openPage } from './support/browser.js';
import { api, categoryIdNamed, signedInUser } from './support/session.js';

// The rules editor (docs/import.md#rules): a rule of two conditions, its test listing the entries
// it would change, "Apply to these N entries" and its Undo, editing a saved rule, and an empty
// form after each save.

interface Entry {
  id: string;
  description: string;
  payee: string;
  categoryId: string | null;
}

describe('the rules editor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('tests a rule of two conditions, applies it to the listed entries and undoes that; edits the rule; starts each new rule empty', async () => {
    const { token } = await signedInUser('rules-editor');
    const account = async (title: string) => {
      const { data } = await api<{ data: { id: string } }>(token, 'POST', '/api/account', {
        title,
      });
      await api(token, 'POST', `/api/account/${data.id}/deposit`, { amount: 500 });
      return data.id;
    };
    const card = await account('Card');
    const wallet = await account('Wallet');
    const spend = (accountId: string, amount: number, description: string) =>
      api(token, 'POST', '/api/transactions', { type: 'expense', accountId, amount, description });
    await spend(card, 3.5, 'Starbucks 12');
    await spend(card, 40, 'Starbucks beans');
    await spend(wallet, 4, 'Starbucks 7');
    await spend(card, 60, 'Shell 77');
    const coffee = await categoryIdNamed(token, 'Coffee');
    const entries = async () =>
      (await api<{ data: { items: Entry[] } }>(token, 'GET', '/api/transactions')).data.items;
    const byText = (list: Entry[], description: string) =>
      list.find((entry) => entry.description === description);

    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/rules');
    const form = page.getByRole('form', { name: 'Add a rule' });
    await form.waitFor();

    // Two conditions: the text, and an amount range added as a second row.
    await form.getByLabel('Name', { exact: true }).fill('Coffee');
    await form.getByLabel('Text', { exact: true }).fill('starbucks');
    await form.getByRole('button', { name: 'Add amount range condition' }).click();
    await form.getByLabel('Amount up to', { exact: true }).fill('10');
    await form.getByLabel('Set category', { exact: true }).selectOption({ label: 'Coffee' });
    await form.getByLabel('Set payee', { exact: true }).fill('Starbucks');

    await form.getByRole('button', { name: 'Test', exact: true }).click();
    await form.getByText('Matches 2 of your latest 6 entries.', { exact: false }).waitFor();
    const table = form.getByRole('table', { name: 'Entries the rule would change' });
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    const latte = rows.filter({ hasText: 'Starbucks 12' });
    expect(await latte.getByRole('cell').allInnerTexts()).toEqual([
      expect.stringMatching(/^\d{2} \w{3}, \d{4}$/),
      'Starbucks 12',
      '-$3.50',
      'Card',
    ]);
    await rows.filter({ hasText: 'Starbucks 7' }).getByText('Wallet').waitFor();
    expect(await rows.filter({ hasText: 'Starbucks beans' }).count()).toBe(0);
    await expectAccessible(page, 'rules with a tested rule');

    // Applied to exactly the two listed entries, then put back by one Undo.
    await form.getByRole('button', { name: 'Apply to these 2 entries' }).click();
    await form.getByText('The rule changed 2 entries.').waitFor();
    await expect
      .poll(async () => {
        const list = await entries();
        return ['Starbucks 12', 'Starbucks 7', 'Starbucks beans', 'Shell 77'].map((text) => {
          const entry = byText(list, text);
          return [entry?.payee, entry?.categoryId];
        });
      })
      .toEqual([
        ['Starbucks', coffee],
        ['Starbucks', coffee],
        ['', null],
        ['', null],
      ]);
    await form.getByRole('button', { name: 'Undo' }).click();
    await form.getByText('Undone: the 2 entries are as they were.').waitFor();
    const spent = ['Starbucks 12', 'Starbucks 7', 'Starbucks beans', 'Shell 77'];
    const list = await entries();
    expect(
      spent.map((text) => [byText(list, text)?.payee, byText(list, text)?.categoryId]),
    ).toEqual(spent.map(() => ['', null]));

    // Saved: the form starts again empty (nothing of this rule carried to the next).
    await form.getByRole('button', { name: 'Add rule' }).click();
    await toast(page, 'Rule added');
    await page.getByText('When description contains “starbucks”, amount up to 10').waitFor();
    const fresh = page.getByRole('form', { name: 'Add a rule' });
    await expect.poll(() => fresh.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await fresh.getByLabel('Text', { exact: true }).inputValue()).toBe('');
    expect(await fresh.getByLabel('Set payee', { exact: true }).inputValue()).toBe('');
    expect(await fresh.getByLabel('Set tags (comma-separated)').inputValue()).toBe('');
    expect(await fresh.getByLabel('Set category', { exact: true }).inputValue()).toBe('');
    expect(await fresh.getByLabel('Amount up to', { exact: true }).count()).toBe(0);
    expect(await fresh.getByText(/Matches \d/).count()).toBe(0);

    // A pattern the server refuses: its reason at the text field, nothing listed.
    w.expect(/HTTP 422: POST .*\/trpc\/rules\.test/);
    await fresh.getByLabel('Name', { exact: true }).fill('Repeats');
    await fresh.getByLabel('Test', { exact: true }).selectOption('matches');
    await fresh.getByLabel('Text', { exact: true }).fill('(a)\\1');
    await fresh.getByLabel('Set payee', { exact: true }).fill('Twice');
    await fresh.getByRole('button', { name: 'Test', exact: true }).click();
    await expect
      .poll(() => fresh.getByLabel('Text', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await fresh.getByText('Backreferences', { exact: false }).waitFor();
    expect(await fresh.getByRole('table').count()).toBe(0);

    // Edit the saved rule in the same form, prefilled; a third condition (the account).
    await page.getByRole('button', { name: 'Edit Coffee' }).click();
    const edit = page.getByRole('form', { name: 'Edit rule “Coffee”' });
    await edit.waitFor();
    expect(await edit.getByLabel('Text', { exact: true }).inputValue()).toBe('starbucks');
    expect(await edit.getByLabel('Amount up to', { exact: true }).inputValue()).toBe('10.00');
    expect(await edit.getByLabel('Set payee', { exact: true }).inputValue()).toBe('Starbucks');
    await edit.getByLabel('Name', { exact: true }).fill('Coffee on the card');
    await edit.getByRole('button', { name: 'Add account condition' }).click();
    await edit.getByRole('button', { name: 'Save rule' }).click();
    // A condition row left empty is refused at its field, nothing sent.
    await edit.getByText('Choose an account, or remove this condition').waitFor();
    await edit.getByLabel('Only on account').selectOption({ label: 'Card' });
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await toast(page, 'Rule updated');
    const rules = await api<{
      data: { name: string; accountId: string; amountMax: number; set: { payee: string } }[];
    }>(token, 'GET', '/api/rules');
    expect(rules.data).toMatchObject([
      { name: 'Coffee on the card', accountId: card, amountMax: 10, set: { payee: 'Starbucks' } },
    ]);
    const after = page.getByRole('form', { name: 'Add a rule' });
    await after.waitFor();
    expect(await after.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await after.getByLabel('Set payee', { exact: true }).inputValue()).toBe('');
    w.assertClean();
  });
});

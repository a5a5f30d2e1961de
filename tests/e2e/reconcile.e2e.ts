import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { signedInUser, apiData } from './support/session.js';
import { toast } from './support/toast.js';

// Reconciliation in the browser (issue 22, docs/ledger.md#reconciliation): entries marked
// cleared on the account's page, reconciled against a statement to a difference of 0.00, then
// locked: editing a reconciled entry's amount asks first, and Cancel changes nothing.

interface Entry {
  id: string;
  amount: number;
  cleared: string;
}

describe('reconciliation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reconciles an account to a difference of 0.00 and locks its entries (320, light)', async () => {
    const { token } = await signedInUser('reconcile');
    const account = await apiData<{ id: string }>(token, 'POST', '/api/account', {
      title: 'Checking',
    });
    const entry = (type: string, amount: number, occurredOn: string, description: string) =>
      apiData<{ transaction: Entry }>(token, 'POST', '/api/transactions', {
        type,
        accountId: account.id,
        amount,
        occurredOn,
        description,
      });
    const salary = (await entry('deposit', 1200, '2026-01-02', 'Salary')).transaction;
    const rent = (await entry('withdraw', 450.5, '2026-01-05', 'Rent')).transaction;
    await entry('withdraw', 20, '2026-01-07', 'Pending card payment');

    const w = await openPage(browser, { token, width: 320, height: 640 });
    const { page } = w;
    // The lock's question is a 409 the journey provokes on purpose.
    w.expect(/HTTP 409: .*entry\.update/);
    await w.goto(`/accounts/${account.id}`);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();

    // Mark the two entries on the statement cleared, from the keyboard.
    for (const name of ['Salary', 'Rent']) {
      const box = page.getByRole('checkbox', { name: `Cleared: ${name}` });
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await expectAccessible(page, 'account page with cleared entries');

    // The statement: 749.50 on January 31st.
    await page.getByRole('button', { name: 'Reconcile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reconcile account' });
    await dialog.getByLabel('Statement date').fill('2026-01-31');
    await dialog.getByLabel('Statement balance', { exact: true }).fill('700');
    const difference = dialog.getByTestId('reconcile-difference');
    await difference.getByText('-$49.50').waitFor();
    const finish = dialog.getByRole('button', { name: 'Finish reconciliation' });
    expect(await finish.isDisabled()).toBe(true);
    await dialog.getByLabel('Statement balance', { exact: true }).fill('749.50');
    await difference.getByText('$0.00').waitFor();
    await dialog.getByTestId('reconcile-cleared').getByText('$749.50').waitFor();
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await expectAccessible(page, 'reconcile dialog');
    await expectWholeFigures(page, 'reconcile dialog at 320 px');
    await finish.click();
    await toast(page, 'Reconciliation finished');
    await dialog.waitFor({ state: 'hidden' });

    // The two rows are locked; the pending one is not.
    const rows = page.getByTestId('transaction-row');
    for (const name of ['Salary', 'Rent']) {
      await rows.filter({ hasText: name }).getByText('Reconciled', { exact: true }).waitFor();
    }
    expect(
      await rows.filter({ hasText: 'Pending card payment' }).getByText('Reconciled').count(),
    ).toBe(0);
    const listed = await apiData<{ items: Entry[] }>(
      token,
      'GET',
      `/api/account/${account.id}/transactions`,
    );
    const states = new Map(listed.items.map((item) => [item.id, item.cleared]));
    expect(states.get(salary.id)).toBe('reconciled');
    expect(states.get(rent.id)).toBe('reconciled');

    // Editing a reconciled entry's amount asks; Cancel sends nothing more and changes nothing.
    await rows.filter({ hasText: 'Rent' }).getByRole('link', { name: 'Rent' }).click();
    const panel = page.getByRole('dialog', { name: 'Transaction' });
    await panel.getByLabel('Amount', { exact: true }).fill('460');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    const question = page.getByRole('alertdialog', { name: 'Change a reconciled transaction?' });
    await question.waitFor();
    await expectAccessible(page, 'reconciled change question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    const unchanged = await apiData<{ transaction: Entry }>(
      token,
      'GET',
      `/api/transactions/${rent.id}`,
    );
    expect(unchanged.transaction).toMatchObject({ amount: 450.5, cleared: 'reconciled' });

    // Asked again and confirmed, the edit goes through and the entry stays reconciled.
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await question.getByRole('button', { name: 'Change anyway' }).click();
    await toast(page, 'Transaction updated');
    const changed = await apiData<{ transaction: Entry }>(
      token,
      'GET',
      `/api/transactions/${rent.id}`,
    );
    expect(changed.transaction).toMatchObject({ amount: 460, cleared: 'reconciled' });
    w.assertClean();
    await w.context.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

// A transfer between two currencies in the browser (issue 23, Done when 3; docs/ledger.md#between-
// two-currencies): a EUR account and a USD account, 100 EUR sent and 108.50 USD received from
// the transfer form, which asks for the received amount only once the currencies differ and says
// the rate they imply; both balances right; the ledger row shows both amounts; the rate is on
// /rates as a 'transfer' rate.

interface Account {
  id: string;
  balance: number;
  currency: string;
}

const rateRows = (page: Page) => page.getByTestId('rate-row').allInnerTexts();

describe('cross-currency transfer journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends 100 EUR, receives 108.50 USD, and the rate shows on /rates', async () => {
    const { token } = await signedInUser('cross-currency-transfer');
    const euro = await apiData<Account>(token, 'POST', '/api/account', {
      title: 'Euro savings',
      currency: 'EUR',
    });
    await apiData(token, 'POST', `/api/account/${euro.id}/deposit`, { amount: 500 });
    const dollar = await apiData<Account>(token, 'POST', '/api/account', {
      title: 'Dollar checking',
      currency: 'USD',
    });
    const other = await apiData<Account>(token, 'POST', '/api/account', {
      title: 'Euro wallet',
      currency: 'EUR',
    });

    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer money' });
    await dialog.getByRole('combobox', { name: 'From account' }).selectOption(euro.id);
    await dialog.getByRole('combobox', { name: 'To account' }).selectOption(other.id);
    // One currency: one amount.
    expect(await dialog.getByLabel(/^Received/).count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'To account' }).selectOption(dollar.id);
    const received = dialog.getByLabel('Received (USD)');
    await received.waitFor();

    await dialog.getByLabel(/^Amount/).fill('100');
    await received.fill('108.505');
    // Typed in the destination's currency: a third decimal is refused at the field.
    await dialog.getByText('USD amounts have at most 2 decimals').waitFor();
    await received.fill('108.50');
    await dialog.getByText('Records 108.50 USD · Rate 1 EUR = 1.085 USD').waitFor();
    await expectAccessible(page, 'the transfer form between two currencies');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await toast(page, 'Transfer completed');
    await dialog.waitFor({ state: 'hidden' });

    // Each balance in its own currency.
    const after = await apiData<Account[]>(token, 'GET', '/api/account');
    const balance = (id: string) => after.find((account) => account.id === id)?.balance;
    expect([balance(euro.id), balance(dollar.id)]).toEqual([400, 108.5]);
    await page
      .getByRole('link')
      .filter({ hasText: 'Dollar checking' })
      .getByText('$108.50')
      .waitFor();

    // The ledger's row of the transfer says both amounts.
    await w.goto('/transactions');
    await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor();
    await page
      .getByTestId('transaction-item')
      .filter({ hasText: 'Euro savings' })
      .getByText('€100.00 → $108.50')
      .waitFor();

    // The rate it implies, listed with its source.
    await w.goto('/rates');
    await page.getByRole('heading', { name: 'Rates', level: 1 }).waitFor();
    await expect
      .poll(() => rateRows(page))
      .toEqual([expect.stringMatching(/EUR → USD.*1\.085.*Transfer/s)]);
    const rates = await apiData<{ items: { rate: string; source: string }[] }>(
      token,
      'GET',
      '/api/rates?base=EUR&quote=USD',
    );
    expect(rates.items).toEqual([expect.objectContaining({ rate: '1.085', source: 'transfer' })]);
    w.assertClean();
    await w.context.close();
  });
});

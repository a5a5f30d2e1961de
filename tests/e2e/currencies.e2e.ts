import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Every account in its own currency (issue 23, docs/money.md#account-currency): a EUR account
 * and a JPY account made on the account form, a deposit typed into each in its currency's
 * decimals (the JPY one refusing 12.5 in the server's words), and every figure written in its
 * account's currency on the cards, the account page and the ledger, whole at 320 px, axe clean.
 */

interface AccountAnswer {
  id: string;
  title: string;
  currency: string;
  balance: number;
}

const figureTexts = (page: Page) => page.locator('[data-money]').allInnerTexts();

const card = (page: Page, title: string) =>
  page.getByTestId('account-card').filter({ has: page.getByRole('heading', { name: title }) });

async function addAccount(page: Page, title: string, currency: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Account' });
  await dialog.getByLabel('Title').fill(title);
  // The book's base currency until another is chosen.
  expect(await dialog.getByLabel('Currency').inputValue()).toBe('USD');
  await dialog.getByLabel('Currency').selectOption(currency);
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await toast(page, 'Account added successfully');
  await dialog.waitFor({ state: 'hidden' });
}

async function openDeposit(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Deposit to ${title}` }).click();
  return page.getByRole('dialog', { name: 'Deposit Funds' });
}

describe('accounts in their own currencies', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps a EUR and a JPY account in their currencies, from the form to every figure', async () => {
    const { token } = await signedInUser('currencies');
    const w = await openPage(browser, { token, locale: 'en-US', width: 1024 });
    // The currency change this journey asks for on purpose, refused once there are entries.
    w.expect(/HTTP 409: POST .*\/trpc\/account\.update/);
    const { page } = w;

    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await addAccount(page, 'Euro wallet', 'EUR');
    await addAccount(page, 'Yen wallet', 'JPY');
    const accounts = await apiData<AccountAnswer[]>(token, 'GET', '/api/account');
    const euro = accounts.find((account) => account.title === 'Euro wallet');
    const yen = accounts.find((account) => account.title === 'Yen wallet');
    expect(euro?.currency).toBe('EUR');
    expect(yen?.currency).toBe('JPY');
    await card(page, 'Yen wallet').getByTestId('account-currency').getByText('JPY').waitFor();

    // EUR: two decimals, the figure in euros.
    let dialog = await openDeposit(page, 'Euro wallet');
    await dialog.getByLabel('Amount (EUR)').fill('12.34');
    await dialog.getByText('Records 12.34 EUR').waitFor();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await toast(page, 'Deposit successful');
    await dialog.waitFor({ state: 'hidden' });
    await card(page, 'Euro wallet').getByText('€12.34').waitFor();

    // JPY: no decimals. 12.5 is refused in the server's words, never rounded.
    dialog = await openDeposit(page, 'Yen wallet');
    const amount = dialog.getByLabel('Amount (JPY)');
    expect(await amount.getAttribute('placeholder')).toBe('0');
    await amount.fill('12.5');
    await dialog.getByText('JPY amounts have no decimals').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Deposit' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'the deposit dialog of a JPY account refusing decimals');
    await amount.fill('1,500');
    await dialog.getByText('Records 1,500 JPY').waitFor();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await toast(page, 'Deposit successful');
    await dialog.waitFor({ state: 'hidden' });
    await card(page, 'Yen wallet').getByText('¥1,500').waitFor();

    const after = await apiData<AccountAnswer[]>(token, 'GET', '/api/account');
    expect(after.map(({ title, balance }) => [title, balance]).sort()).toEqual([
      ['Euro wallet', 12.34],
      ['Yen wallet', 1500],
    ]);
    await expectAccessible(page, '/accounts with a EUR and a JPY account');

    // The account page: its balance and its entries in yen.
    await w.goto(`/accounts/${yen?.id ?? ''}`);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await expect.poll(() => figureTexts(page)).toContain('¥1,500');
    await expect.poll(() => figureTexts(page)).toContain('+¥1,500');
    expect(await page.getByTestId('account-currency').innerText()).toBe('JPY');

    // Its currency cannot change now that it has an entry: said at the field.
    await page.getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    expect(await edit.getByLabel('Currency').inputValue()).toBe('JPY');
    await edit.getByLabel('Currency').selectOption('USD');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('cannot change once it has transactions').first().waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    expect(
      (await apiData<AccountAnswer>(token, 'GET', `/api/account/${yen?.id ?? ''}`)).currency,
    ).toBe('JPY');

    // The ledger: each entry in its own account's currency.
    await w.goto('/transactions');
    await expect
      .poll(() => figureTexts(page))
      .toEqual(expect.arrayContaining(['+€12.34', '+¥1,500']));

    // A 320 px phone: every figure whole, nothing cut, still accessible.
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ['/accounts', `/accounts/${yen?.id ?? ''}`, `/accounts/${euro?.id ?? ''}`]) {
      await w.goto(path);
      await expect
        .poll(() => figureTexts(page))
        .toEqual(expect.arrayContaining([path.endsWith(euro?.id ?? '-') ? '€12.34' : '¥1,500']));
      await expectWholeFigures(page, `${path} at 320 px`);
      await expectAccessible(page, `${path} at 320 px`);
    }
    w.assertClean();
  });
});

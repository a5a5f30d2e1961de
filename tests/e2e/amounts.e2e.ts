import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '../../src/shared/dates.js';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

/**
 * Amounts typed the way people type them (docs/settings.md#typed-amounts): read in the
 * person's locale, never trimmed of a character, refused with the reason when they cannot be
 * read; and "today" is the book's day, set from the device on first use.
 */

interface Account {
  id: string;
  balance: number;
}
interface Entry {
  amount: number;
  occurredOn: string;
}

async function newAccount(token: string, title: string): Promise<string> {
  const made = await api<{ data: Account }>(token, 'POST', '/api/account', { title });
  return made.data.id;
}

const balanceOf = async (token: string, id: string) =>
  (await api<{ data: Account }>(token, 'GET', `/api/account/${id}`)).data.balance;

async function openDeposit(page: Page, title: string) {
  await page.getByRole('button', { name: `Deposit to ${title}` }).click();
  return page.getByRole('dialog', { name: 'Deposit Funds' });
}

describe('typed amounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reads 12,50 as 12.50 in a comma locale and refuses 1e3 with a message', async () => {
    const { token } = await signedInUser('comma');
    const id = await newAccount(token, 'Girokonto');
    const { page } = await openPage(browser, { token, locale: 'de-DE' });
    await page.goto('/accounts');

    const dialog = await openDeposit(page, 'Girokonto');
    const amount = dialog.getByLabel('Amount');
    await amount.pressSequentially('12,50');
    // Every character stays, and what it records is said before it is saved.
    await expect.poll(() => amount.inputValue()).toBe('12,50');
    await dialog.getByText('Records $12.50').waitFor();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOf(token, id)).toBe(12.5);

    const again = await openDeposit(page, 'Girokonto');
    const field = again.getByLabel('Amount');
    await field.pressSequentially('1e3');
    await expect.poll(() => field.inputValue()).toBe('1e3');
    await again.getByText('"e" cannot be part of an amount').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await again.getByRole('button', { name: 'Deposit' }).isDisabled()).toBe(true);
    await field.press('Enter');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    expect(await balanceOf(token, id)).toBe(12.5);
  });

  it('refuses an amount that could be read two ways instead of guessing, and takes a sign as an error', async () => {
    const { token } = await signedInUser('point');
    const id = await newAccount(token, 'Checking');
    const { page } = await openPage(browser, { token, locale: 'en-US' });
    await page.goto('/accounts');
    const dialog = await openDeposit(page, 'Checking');
    const amount = dialog.getByLabel('Amount');
    await amount.fill('12,50');
    await dialog.getByText('could be read two ways').waitFor();
    await amount.fill('-5');
    await dialog.getByText('Type the amount without a sign').waitFor();
    await amount.fill('1,250');
    await dialog.getByText('Records $1,250.00').waitFor();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOf(token, id)).toBe(1250);
  });

  it('follows the locale chosen on /settings, whatever the browser says', async () => {
    const { token } = await signedInUser('settings');
    const id = await newAccount(token, 'Compte');
    const { page } = await openPage(browser, { token, locale: 'en-US' });
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Locale').selectOption('de-DE');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved' }).waitFor();
    expect(
      (await api<{ data: { locale: string } }>(token, 'GET', '/api/settings')).data.locale,
    ).toBe('de-DE');

    await page.goto('/accounts');
    const dialog = await openDeposit(page, 'Compte');
    await dialog.getByLabel('Amount').fill('1.234,5');
    await dialog.getByText('Records $1,234.50').waitFor();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOf(token, id)).toBe(1234.5);
  });

  it("dates a deposit made in Auckland on Auckland's day", async () => {
    const { token } = await signedInUser('auckland');
    const id = await newAccount(token, 'Kiwi');
    const { page } = await openPage(browser, { token, timezoneId: 'Pacific/Auckland' });
    await page.goto('/accounts');
    // The book had no time zone: the app gives it the device's.
    await expect
      .poll(
        async () =>
          (await api<{ data: { timeZone: string | null } }>(token, 'GET', '/api/book')).data
            .timeZone,
        { timeout: 10_000 },
      )
      .toBe('Pacific/Auckland');
    const dialog = await openDeposit(page, 'Kiwi');
    await dialog.getByLabel('Amount').fill('20');
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOf(token, id)).toBe(20);
    const entries = await api<{ data: { items: Entry[] } }>(
      token,
      'GET',
      `/api/transactions?accountId=${id}`,
    );
    expect(entries.data.items.map((entry) => entry.occurredOn)).toEqual([
      calendarDateIn('Pacific/Auckland', new Date()),
    ]);
  });
});

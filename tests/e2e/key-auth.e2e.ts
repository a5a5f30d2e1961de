import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { api, uniqueEmail } from './support/session.js';

interface HeadingLog {
  seenHeadings: string[];
}

const PHONE = { width: 390, height: 844 };
const NO_KEY = 'No key pair found for this email. Please register first.';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

function emailField(page: Page) {
  return page.getByLabel('Email', { exact: true });
}

/** What the key-login store persisted: {state: {token}, version}. */
function keyStorage(page: Page): Promise<{ state: { token: string | null }; version: number }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('key-auth-storage') ?? 'null'));
}

/**
 * Records the text of every h1 the page ever shows, so a screen that is replaced on its first
 * frame (the "Access Denied" card before its redirect) can still be asserted.
 */
async function recordHeadings(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as HeadingLog).seenHeadings = seen;
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll('h1')) {
        const text = h1.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function seenHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as HeadingLog).seenHeadings);
}

/** Registers the email on /key-auth/register, ending on /key-auth/verify. */
async function register(w: WatchedPage, email: string): Promise<void> {
  const { page } = w;
  await w.goto('/key-auth/register');
  await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
  await emailField(page).fill(email);
  await page.getByRole('button', { name: 'Generate Keys & Register' }).click();
  await toast(page, 'Registration successful!');
  await page.waitForURL((url) => url.pathname === '/key-auth/verify');
}

/** On /key-auth/verify with the email filled in: signs in with the key, ends on the protected page. */
async function verifyWithKey(page: Page, email: string): Promise<string> {
  expect(await emailField(page).inputValue()).toBe(email);
  // Scoped: a toast may offer a "Verify with Key" action too.
  await page.getByRole('main').getByRole('button', { name: 'Verify with Key' }).click();
  await toast(page, 'Verification successful! You are now logged in.');
  await page.waitForURL((url) => url.pathname === '/key-auth/protected');
  await page.getByText('Authenticated', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Protected Page' }).waitFor();
  await page.getByText(`Signed in with your key as ${email}.`).waitFor();
  const { token } = (await keyStorage(page)).state;
  if (!token) throw new Error('no key-login token stored');
  return token;
}

async function apiStatus(token: string, pathname: string): Promise<number> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

async function finish(w: WatchedPage): Promise<void> {
  w.assertClean();
  await w.context.close();
}

describe('key-based login journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('registers a key, signs in with it, and the token works on the API', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const email = uniqueEmail('key');

    await w.goto('/key-auth/register');
    await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
    await page.getByText('Enter your email address to continue and generate key').waitFor();
    await emailField(page).fill(email);
    await page.getByRole('button', { name: 'Generate Keys & Register' }).click();
    await toast(page, 'Registration successful!');
    await page.waitForURL((url) => url.pathname === '/key-auth/verify');
    const url = new URL(page.url());
    expect(url.search).toBe(`?email=${encodeURIComponent(email)}`);
    expect(url.searchParams.get('email')).toBe(email);

    const token = await verifyWithKey(page, email);
    expect(await keyStorage(page)).toEqual({ state: { token }, version: 0 });
    // The key login is separate from the main session.
    expect(await page.evaluate(() => localStorage.getItem('expense-tracker_token'))).toBeNull();

    const account = await api<{ success: boolean }>(token, 'GET', '/api/account');
    expect(account.success).toBe(true);
    await finish(w);
  });

  it('item 18: /login leads to key login, and a real key session opens the dashboard like any sign-in', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const email = uniqueEmail('key-opens-app');
    await w.goto('/login');
    await page.getByRole('link', { name: 'Sign in with a key on this device' }).click();
    await page.getByRole('heading', { name: 'Sign in with your key' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/key-auth/verify');

    await register(w, email);
    const token = await verifyWithKey(page, email);
    await page.getByRole('button', { name: 'Open the app' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The key's session is now the app's session: the guard let it in, and it is who is shown.
    expect(await page.evaluate(() => localStorage.getItem('expense-tracker_token'))).toBe(token);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await menu.getByText(email).waitFor();
    await menu.getByText('Signed in with a key on this device').waitFor();
    // And it works in the app as any session does: the accounts screen loads the person's data.
    await page.keyboard.press('Escape');
    await api(token, 'POST', '/api/account', { title: 'Opened by key' });
    await w.goto('/accounts');
    await page.getByTestId('account-card').filter({ hasText: 'Opened by key' }).waitFor();
    await finish(w);
  });

  it('logs out from the protected page, back to registration, token cleared', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const email = uniqueEmail('key-logout');
    await register(w, email);
    const token = await verifyWithKey(page, email);

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged out successfully.');
    await page.waitForURL((url) => url.pathname === '/key-auth/register');
    await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
    expect((await keyStorage(page)).state.token).toBeNull();
    // Logged out on the server too, not only forgotten here.
    expect(await apiStatus(token, '/api/auth/me')).toBe(401);
    // No "Access Denied" on the way out.
    expect(await page.locator('[data-sonner-toast]').allTextContents()).not.toContainEqual(
      expect.stringContaining('You must be logged in'),
    );
    await finish(w);
  });

  it('denies the protected page without a key token and sends the person to register', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await recordHeadings(w.context);

    await w.goto('/key-auth/verify');
    await w.goto('/key-auth/protected');
    await toast(page, 'You must be logged in to access this page.');
    await page.waitForURL((url) => url.pathname === '/key-auth/register');
    await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
    expect(await seenHeadings(page)).toContain('Access Denied');
    expect(await page.getByText('Protected Page').count()).toBe(0);
    // One toast, and the redirect replaced the protected entry: back skips it.
    expect(
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'You must be logged in' })
        .count(),
    ).toBe(1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/key-auth/verify');
    await finish(w);
  });

  it('refuses a verify without a key on this device, and an invalid email on register', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const challenges: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('keyAuth.challenge')) challenges.push(request.url());
    });

    // Verify for an address this browser holds no key for: refused before any server call.
    const stranger = uniqueEmail('no-key');
    await w.goto(`/key-auth/verify?email=${encodeURIComponent(stranger)}`);
    await page.getByRole('heading', { name: 'Sign in with your key' }).waitFor();
    expect(await emailField(page).inputValue()).toBe(stranger);
    await page.getByRole('button', { name: 'Verify with Key' }).click();
    await toast(page, NO_KEY);
    expect(challenges).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/key-auth/verify');

    // Register: blank means disabled; an invalid address is explained under the field.
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
    const submit = page.getByRole('button', { name: 'Generate Keys & Register' });
    expect(await submit.isDisabled()).toBe(true);
    await emailField(page).fill('   ');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await emailField(page).fill('not-an-email');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid email address.' })
      .waitFor();
    expect(await emailField(page).getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message; clearing the field disables the button again.
    await emailField(page).fill('');
    await page.getByText('Please enter a valid email address.').waitFor({ state: 'detached' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/key-auth/register');
    await finish(w);
  });

  it('keeps the old key signing in until the link sent to the email confirms the new one', async () => {
    const w = await openPage(browser);
    const { page } = w;
    // The new key is tried first and refused until its link is opened; the old one then signs in.
    w.expect(/HTTP 401: POST .*\/trpc\/keyAuth\.verify/);
    const email = uniqueEmail('key-twice');
    await register(w, email);
    // The same answer for an email that has a key: no way to tell which emails are registered.
    await register(w, email);
    await verifyWithKey(page, email);

    // The link in the demo mailbox opens a page that asks first (mail scanners open links).
    const mailbox = await fetch(
      `${baseUrl()}/api/demo/mailbox?email=${encodeURIComponent(email)}`,
    ).then((res) => res.json() as Promise<{ data: { requestType: string; link: string }[] }>);
    const link = mailbox.data.find((message) => message.requestType === 'CONFIRM_KEY_LOGIN');
    if (!link) throw new Error('no confirmation link in the demo mailbox');
    await w.goto(link.link);
    await page.getByRole('heading', { name: 'Confirm your new key' }).waitFor();
    await page.getByRole('button', { name: 'Confirm key' }).click();
    await page.getByText('Key confirmed.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Verify with Key' }).click();
    await page.waitForURL((url) => url.pathname === '/key-auth/verify');
    // The new key signs in now, as an account of its own.
    await verifyWithKey(page, email);
    await finish(w);
  });

  it('fits a phone: register and protected page at 390 pixels', async () => {
    const w = await openPage(browser, PHONE);
    const { page } = w;
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);
    const email = uniqueEmail('key-phone');

    await w.goto('/key-auth/register');
    await page.getByRole('heading', { name: 'Email Authentication' }).waitFor();
    expect(await fitsWidth()).toBe(true);

    await register(w, email);
    await verifyWithKey(page, email);
    expect(await fitsWidth()).toBe(true);
    await finish(w);
  });
});

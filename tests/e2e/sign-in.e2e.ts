import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { api, emulator, signedInUser, uniqueEmail } from './support/session.js';

const PASSWORD = 'correct horse battery';
const PHONE = { width: 390, height: 844 };

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

function emailField(page: Page) {
  return page.getByLabel('Email', { exact: true });
}

/** Exact: the show/hide toggle next to the field is labelled "Show password". */
function passwordField(page: Page) {
  return page.getByLabel('Password', { exact: true });
}

/**
 * Fills both fields until they hold what was typed: in demo mode /login fills in the demo account
 * once the app's config arrives, and when that lands between fill's select-all and its typing,
 * the text is added to the demo address instead of replacing it.
 */
async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  for (const [field, text] of [
    [emailField(page), email],
    [passwordField(page), password],
  ] as const) {
    await expect
      .poll(async () => {
        await field.fill(text);
        return field.inputValue();
      })
      .toBe(text);
  }
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('expense-tracker_token'));
}

/** The session token the page stored on signing in. */
async function sessionToken(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (!token) throw new Error('no session token stored');
  return token;
}

async function atDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Every token exchange (POST /api/auth/firebase) the page attempts, from now on. */
function watchExchanges(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/firebase') seen.push(request.method());
  });
  return seen;
}

/** A person with a Firebase account, verified or not, made over the Auth emulator's REST API. */
async function firebaseUser(label: string, verified: boolean): Promise<string> {
  const email = uniqueEmail(label);
  const client = emulator();
  const { idToken } = await client.signUp(email, PASSWORD);
  if (verified) {
    await client.sendVerificationEmail(idToken);
    await client.clickVerificationLink(email);
  }
  return email;
}

/** Status of an API call made with a session token. */
async function apiStatus(token: string, pathname: string): Promise<number> {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

async function confirmLogout(page: Page, answer: 'Cancel' | 'Logout'): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to Logout?' });
  await dialog.getByText('You will be logged out of your account.').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await dialog.getByRole('button', { name: answer }).click();
  if (answer === 'Cancel') await dialog.waitFor({ state: 'hidden' });
}

async function finish(w: WatchedPage): Promise<void> {
  w.assertClean();
  await w.context.close();
}

describe('sign-in journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('signs up, is refused before verifying, verifies through the demo mailbox, lands home', async () => {
    const w = await openPage(browser);
    const { page, context } = w;
    const email = uniqueEmail('signup');

    await w.goto('/signup');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await toast(page, 'Signup successful!');
    await toast(page, 'Verification email sent. Please check your inbox.');
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Email Verification Required' }).waitFor();
    await page.getByText('Your account has been created. Please verify your email.').waitFor();
    await page.getByText(email).waitFor();

    // Not verified yet: refused, still here, not signed in.
    const check = page.getByRole('button', { name: 'I have verified my email' });
    await check.click();
    await toast(page, 'Email not verified. Please check your inbox for the verification link.');
    expect(new URL(page.url()).pathname).toBe('/verify');
    expect(await storedToken(page)).toBeNull();

    // The demo mailbox opens in a new tab, and its link in another.
    const [mailbox] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open the demo mailbox' }).click(),
    ]);
    await mailbox.getByRole('heading', { name: 'Demo mailbox' }).waitFor();
    expect(new URL(mailbox.url()).searchParams.get('email')).toBe(email);
    const message = mailbox
      .getByRole('listitem')
      .filter({ hasText: 'Verify email' })
      .filter({ hasText: `To: ${email}` });
    await expect.poll(() => message.count()).toBe(1);
    const [verification] = await Promise.all([
      context.waitForEvent('page'),
      message.getByRole('link', { name: /Open link/ }).click(),
    ]);
    await verification.getByRole('heading', { name: 'Email verified' }).waitFor();
    await verification.close();
    await mailbox.close();

    await check.click();
    await toast(page, 'Email verified successfully!');
    await atDashboard(page);
    expect(await storedToken(page)).toMatch(/.+/);
    await finish(w);
  });

  it('logs in a verified person with the email and password they type', async () => {
    const email = await firebaseUser('login', true);
    const w = await openPage(browser);
    const { page } = w;

    await w.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The demo account is prefilled; typing replaces it.
    await expect.poll(() => emailField(page).inputValue()).not.toBe('');
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Login successful!');
    await atDashboard(page);
    expect(await apiStatus(await sessionToken(page), '/api/account')).toBe(200);
    await finish(w);
  });

  it('sends an unverified person to /verify without signing them in', async () => {
    const email = await firebaseUser('unverified', false);
    const w = await openPage(browser);
    const { page } = w;
    const exchanges = watchExchanges(page);

    await w.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Verification email sent. Please check your inbox.');
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: 'Email Verification Required' }).waitFor();
    await page.getByText('Please verify your email address before logging in.').waitFor();
    await page.getByText(email).waitFor();

    // The app checks the address itself: it never asks the server to exchange the token (which
    // would answer 403), and nothing is stored.
    expect(exchanges).toEqual([]);
    expect(await storedToken(page)).toBeNull();
    const mails = (await emulator().mailbox()).filter(
      (mail) => mail.email === email && mail.requestType === 'VERIFY_EMAIL',
    );
    expect(mails).toHaveLength(1);
    await finish(w);
  });

  it('prefills the demo account from /api/config, and it logs in', async () => {
    const res = await fetch(`${baseUrl()}/api/config`);
    const config = (await res.json()) as {
      data: { demo: boolean; demoCredentials: { email: string; password: string } | null };
    };
    expect(config.data.demo).toBe(true);
    const demo = config.data.demoCredentials;
    if (!demo) throw new Error('demo mode serves no demo credentials');
    expect(demo.email).toMatch(/@/);

    const w = await openPage(browser);
    const { page } = w;
    await w.goto('/login');
    await expect.poll(() => emailField(page).inputValue()).toBe(demo.email);
    expect(await passwordField(page).inputValue()).toBe(demo.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Login successful!');
    await atDashboard(page);
    expect(await storedToken(page)).toMatch(/.+/);
    await finish(w);
  });

  for (const provider of ['Google', 'Github'] as const) {
    it(`logs in with ${provider} through the demo stand-in screen`, async () => {
      const w = await openPage(browser);
      const { page } = w;
      await w.goto('/login');
      await page.getByRole('button', { name: `Login with ${provider}` }).click();
      const dialog = page.getByRole('dialog', { name: `Sign in with ${provider} (demo)` });
      await expect
        .poll(() => dialog.getByLabel(`${provider} account email`).inputValue())
        .toBe(`${provider.toLowerCase()}.user@example.com`);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await toast(page, `Logged in with ${provider}!`);
      await atDashboard(page);
      expect(await apiStatus(await sessionToken(page), '/api/account')).toBe(200);
      await finish(w);
    });
  }

  it('logs out from the avatar menu, and the old token stops working', async () => {
    const { token } = await signedInUser('logout-menu');
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await confirmLogout(page, 'Cancel');
    expect(await storedToken(page)).toBe(token);

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await confirmLogout(page, 'Logout');
    await toast(page, 'Logged out successfully.');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await storedToken(page)).toBeNull();

    expect(await apiStatus(token, '/api/account')).toBe(401);
    const body = await api<{ success: boolean }>(token, 'GET', '/api/account');
    expect(body.success).toBe(false);
    await finish(w);
  });

  it('logs out from /test after a first Cancel keeps the session', async () => {
    const { token } = await signedInUser('logout-test');
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/test');
    await page.getByRole('heading', { name: 'Test' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await confirmLogout(page, 'Cancel');
    expect(new URL(page.url()).pathname).toBe('/test');
    expect(await storedToken(page)).toBe(token);
    expect(await apiStatus(token, '/api/account')).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await confirmLogout(page, 'Logout');
    await toast(page, 'Logged out successfully.');
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();
    expect(await apiStatus(token, '/api/account')).toBe(401);
    await finish(w);
  });

  it('carries the typed email and password between /login and /signup', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const email = uniqueEmail('carry');

    await w.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await fillCredentials(page, email, 'typed on login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await emailField(page).inputValue()).toBe(email);
    expect(await passwordField(page).inputValue()).toBe('typed on login');

    // And back the other way, with what was typed on /signup.
    await passwordField(page).fill('typed on signup');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await emailField(page).inputValue()).toBe(email);
    expect(await passwordField(page).inputValue()).toBe('typed on signup');
    await finish(w);
  });

  it('fits a phone: login, signup and verify at 390 pixels', async () => {
    const w = await openPage(browser, PHONE);
    const { page } = w;
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);

    await w.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await fitsWidth()).toBe(true);

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await fitsWidth()).toBe(true);

    await fillCredentials(page, uniqueEmail('phone'), PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Email Verification Required' }).waitFor();
    await page.getByRole('link', { name: 'Open the demo mailbox' }).waitFor();
    expect(await fitsWidth()).toBe(true);
    await finish(w);
  });
});

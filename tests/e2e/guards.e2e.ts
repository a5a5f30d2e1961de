import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { signedInUser } from './support/session.js';

describe('guards and the 404 page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a signed-out person from a protected screen to /login, replacing history', async () => {
    const w = await openPage(browser);
    await w.goto('/key-auth/register');
    await w.goto('/accounts');
    await w.page.waitForURL('**/login');
    await w.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The protected URL was replaced, not pushed: one step back is the page before it.
    await w.page.goBack();
    await w.page.waitForURL('**/key-auth/register');
    w.assertClean();
    await w.context.close();
  });

  it('sends a signed-in person from a guest screen to /, replacing history', async () => {
    const { token } = await signedInUser('guard');
    const w = await openPage(browser, { token });
    await w.goto('/key-auth/register');
    await w.goto('/login');
    await w.page.waitForURL((url) => url.pathname === '/');
    await w.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await w.page.goBack();
    await w.page.waitForURL('**/key-auth/register');
    w.assertClean();
    await w.context.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const w = await openPage(browser);
    await w.goto('/no/such/page');
    await w.page.getByRole('heading', { name: '404' }).waitFor();
    await w.page.getByText('Sorry, the page you are looking for does not exist.').waitFor();
    await w.page.getByRole('link', { name: 'Go Home' }).click();
    // Home is protected: a signed-out person lands on the login screen.
    await w.page.waitForURL('**/login');
    w.assertClean();
    await w.context.close();
  });
});

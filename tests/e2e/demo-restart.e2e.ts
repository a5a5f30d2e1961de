import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthEmulatorClient } from '../helpers/firebase-emulator-client.js';
import { freePortBlock } from '../helpers/free-ports.js';
import { startBuiltApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { api, uniqueEmail } from './support/session.js';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** Signs in with the demo account the login form is prefilled with, as a visitor would. */
async function signInAsDemo(w: WatchedPage): Promise<void> {
  const { page } = w;
  await w.goto('/login');
  await expect
    .poll(() => page.getByLabel('Email', { exact: true }).inputValue())
    .toBe('demo@expense-tracker.test');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, 'Login successful!');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Signs in on /login with the email and password a person types. */
async function signInAs(w: WatchedPage, email: string, password: string): Promise<void> {
  const { page } = w;
  await w.goto('/login');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, 'Login successful!');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** The user id the server sees behind the page's session (GET /api/auth/me). */
async function signedInUid(w: WatchedPage, server: string): Promise<string> {
  const token = await w.page.evaluate(() => localStorage.getItem('expense-tracker_token'));
  if (!token) throw new Error('no session token stored');
  return (await api<{ data: { id: string } }>(token, 'GET', '/api/auth/me', undefined, server)).data
    .id;
}

/**
 * Demo mode keeps who is who across a restart of the server: this journey runs its own app
 * (its own data directory and Auth emulator), stops it in the middle as a person stopping
 * `npm start` would (the Auth emulator stops with it, its memory gone), starts it again on the
 * same data, and the demo account signs in again, with the same user id, to the accounts it made
 * before; a person who signed up before the restart still signs in with their password. (A kill -9 of
 * the server is covered by tests/integration/demo-identities.test.ts.)
 */
describe('demo mode across a server restart', () => {
  let browser: Browser;
  let app: RunningApp;
  let dataDir: string;
  let port: number;
  let emulatorPort: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    dataDir = await mkdtemp(path.join(tmpdir(), 'expense-tracker-e2e-restart-'));
    port = await freePortBlock(1);
    emulatorPort = await freePortBlock(3);
    app = await startBuiltApp(port, emulatorPort, { dataDir });
  });
  afterAll(async () => {
    await app?.stop();
    await browser?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'the demo account finds its accounts again after the server was stopped and started',
    {
      timeout: 300_000,
    },
    async () => {
      const title = `Kept across restarts ${Date.now()}`;
      const before = await openPage(browser, { base: app.baseUrl });
      await signInAsDemo(before);
      await before.goto('/accounts');
      await before.page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
      await before.page.getByRole('button', { name: 'Add Account' }).first().click();
      const dialog = before.page.getByRole('dialog', { name: 'Add Account' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Add Account' }).click();
      await toast(before.page, 'Account added successfully');
      await before.page.getByTestId('account-card').filter({ hasText: title }).waitFor();
      const demoUid = await signedInUid(before, app.baseUrl);
      before.assertClean();
      await before.context.close();

      // Someone signs up (and verifies) before the restart, through the app's own emulator.
      const person = { email: uniqueEmail('before-restart'), password: 'correct horse battery' };
      const emulator = new AuthEmulatorClient(app.authEmulatorHost);
      const { idToken } = await emulator.signUp(person.email, person.password);
      await emulator.sendVerificationEmail(idToken);
      await emulator.clickVerificationLink(person.email);

      // Stopped (SIGTERM, as Ctrl+C does), then started again on the same data directory.
      await app.stop();
      app = await startBuiltApp(port, emulatorPort, { dataDir });

      // A new visitor session (nothing in the browser's storage): sign in again.
      const after = await openPage(browser, { base: app.baseUrl });
      await signInAsDemo(after);
      await after.goto('/accounts');
      await after.page.getByTestId('account-card').filter({ hasText: title }).waitFor();
      expect(await signedInUid(after, app.baseUrl)).toBe(demoUid);
      after.assertClean();
      await after.context.close();

      const returning = await openPage(browser, { base: app.baseUrl });
      await signInAs(returning, person.email, person.password);
      returning.assertClean();
      await returning.context.close();
    },
  );
});

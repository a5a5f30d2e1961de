import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBlock } from '../helpers/free-ports.js';
import { startBuiltApp, type RunningApp } from './support/app-server.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';

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

/**
 * Demo mode keeps who is who across a restart of the server: this journey runs its own app
 * (its own data directory and Auth emulator), stops it in the middle as a person stopping
 * `npm start` would (the Auth emulator stops with it, its memory gone), starts it again on the
 * same data, and the demo account signs in again to the accounts it made before. (A kill -9 of
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
      before.assertClean();
      await before.context.close();

      // Stopped (SIGTERM, as Ctrl+C does), then started again on the same data directory.
      await app.stop();
      app = await startBuiltApp(port, emulatorPort, { dataDir });

      // A new visitor session (nothing in the browser's storage): sign in again.
      const after = await openPage(browser, { base: app.baseUrl });
      await signInAsDemo(after);
      await after.goto('/accounts');
      await after.page.getByTestId('account-card').filter({ hasText: title }).waitFor();
      after.assertClean();
      await after.context.close();
    },
  );
});

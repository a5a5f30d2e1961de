import { describe, it } from 'vitest';
import {
  SCHEMES,
  checkOverlay,
  heading,
  screensSession,
  setScheme,
} from './support/screen-checks.js';
import { expectAccessible } from './support/a11y.js';

/**
 * The dialogs and menus of the accounts, account details and expenses screens, the header's
 * menus (the book switcher and its New book dialog too) and the phone sidebar: axe in both themes at 1440 and 390 pixels, each overlay opened
 * afresh at each width (support/screen-checks.ts).
 */

describe('accessibility of every dialog and menu', () => {
  const s = screensSession('dialogs');

  // Overlays are checked one screen per test: each overlay is axe at two widths in two themes,
  // and a whole screen's worth in one test outran a time-out on a busy machine.
  it('signed in: the accounts dialogs', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/accounts');
    await heading(page, 'Your Accounts');
    await checkOverlay(app, 'add-account dialog with its errors', async () => {
      await page.getByRole('button', { name: 'Add Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account' });
      await dialog.getByRole('button', { name: 'Add Account' }).click();
      await dialog.getByText('Title is required').waitFor();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Title is required' })
        .first()
        .waitFor();
    });
    await checkOverlay(app, 'deposit dialog', async () => {
      await page.getByRole('button', { name: 'Deposit to Wallet' }).click();
      await page.getByRole('dialog', { name: 'Deposit Funds' }).getByLabel('Amount').fill('1.234');
    });
    await checkOverlay(app, 'withdraw dialog', async () => {
      await page.getByRole('button', { name: 'Withdraw from Wallet' }).click();
      await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: the account menu and its dialogs', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto(`/accounts/${s.accounts.big.id}`);
    await heading(page, 'Account Details');
    const actions = page.getByRole('button', { name: 'Account actions' });
    await checkOverlay(app, 'account actions menu', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    });
    await checkOverlay(app, 'edit dialog', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('dialog', { name: 'Edit Account' }).waitFor();
    });
    await checkOverlay(app, 'delete confirmation', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
    });
    app.assertClean();
  });

  it('signed in: the expense dialog and the header menus', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/expenses');
    await heading(page, 'Expenses');
    await checkOverlay(app, 'add-expense dialog', async () => {
      await page.getByRole('button', { name: 'Add Expense' }).click();
      await page.getByRole('dialog', { name: 'Add Expense' }).getByLabel('Amount').fill('0');
    });
    await checkOverlay(app, 'theme menu', async () => {
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    });
    await checkOverlay(app, 'profile menu', async () => {
      await page.getByRole('button', { name: 'Open profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    });
    await checkOverlay(app, 'logout confirmation', async () => {
      await page.getByRole('button', { name: 'Open profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure you want to Logout?' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: the book switcher and its New book dialog', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/organization');
    await heading(page, 'Organization');
    const switcher = page.getByRole('button', { name: 'Book: Personal' });
    await checkOverlay(app, 'book switcher menu', async () => {
      await switcher.click();
      await page.getByRole('menuitem', { name: 'New book…' }).waitFor();
    });
    await checkOverlay(app, 'new-book dialog with its error', async () => {
      await switcher.click();
      await page.getByRole('menuitem', { name: 'New book…' }).click();
      const dialog = page.getByRole('dialog', { name: 'New book' });
      await dialog.getByRole('button', { name: 'Create book' }).click();
      await dialog.getByText('Name is required').waitFor();
    });
    app.assertClean();
  });

  it('signed in: the phone sidebar', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/expenses');
    await heading(page, 'Expenses');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of SCHEMES) {
      await setScheme(page, scheme);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page
        .locator('#app-sidebar')
        .getByRole('link', { name: 'Expenses', exact: true })
        .waitFor();
      await expectAccessible(page, `sidebar open 390px ${scheme}`);
      await page.keyboard.press('Escape');
    }
    app.assertClean();
  });
});

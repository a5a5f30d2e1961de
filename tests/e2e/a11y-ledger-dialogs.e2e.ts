import { describe, it } from 'vitest';
import { checkOverlay, heading, screensSession } from './support/screen-checks.js';

/**
 * The dialogs of the ledger (new transaction with a split, the transaction panel, transfer,
 * shortcuts, inline edit, the bulk bar and its confirmation) and of the categories screen: axe in
 * both themes at 1440 and 390 pixels, each overlay opened afresh at each width
 * (support/screen-checks.ts).
 */

describe('accessibility of the ledger and category dialogs', () => {
  const s = screensSession('ledger-dialogs');

  it('signed in: the ledger dialogs', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/transactions');
    await heading(page, 'Transactions');
    await checkOverlay(app, 'new-transaction dialog with a split', async () => {
      await page.getByRole('button', { name: 'New transaction' }).click();
      const dialog = page.getByRole('dialog', { name: 'New transaction' });
      await dialog.getByLabel('Amount', { exact: true }).fill('10');
      await dialog.getByLabel('Split into lines').check();
      await dialog.getByTestId('split-remainder').waitFor();
    });
    await checkOverlay(app, 'transaction panel with its history', async () => {
      await page.getByTestId('transaction-item').first().locator('[data-entry-open]').click();
      await page
        .getByRole('dialog', { name: 'Transaction' })
        .getByTestId('entry-history')
        .waitFor();
    });
    app.assertClean();
  });

  it('signed in: the transfer and shortcuts dialogs', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/transactions');
    await heading(page, 'Transactions');
    await checkOverlay(app, 'transfer dialog', async () => {
      await page.getByRole('button', { name: 'Transfer' }).click();
      await page.getByRole('dialog', { name: 'Transfer money' }).waitFor();
    });
    await checkOverlay(app, 'shortcuts dialog', async () => {
      await page.getByRole('button', { name: 'Shortcuts' }).click();
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: inline edit, the bulk bar and its confirmation', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/transactions');
    await heading(page, 'Transactions');
    await checkOverlay(
      app,
      'inline edit and bulk bar',
      async () => {
        const first = page.getByTestId('transaction-item').first();
        await first.getByRole('checkbox').check();
        await page.getByRole('region', { name: 'Selected transactions' }).waitFor();
        await first.getByRole('button', { name: /in its row$/ }).click();
        await page.getByRole('form').first().waitFor();
      },
      async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Clear selection' }).click();
      },
    );
    await checkOverlay(
      app,
      'bulk delete confirmation',
      async () => {
        await page.getByTestId('transaction-item').first().getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Delete selected' }).click();
        await page.getByRole('alertdialog', { name: 'Delete 1 transaction?' }).waitFor();
      },
      async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Clear selection' }).click();
      },
    );
    app.assertClean();
  });

  it('signed in: the category dialogs', async () => {
    const { app } = s;
    const { page } = app;
    await app.goto('/categories');
    await heading(page, 'Categories');
    await checkOverlay(app, 'new-group dialog', async () => {
      await page.getByRole('button', { name: 'New group' }).click();
      await page.getByRole('dialog', { name: 'New group' }).waitFor();
    });
    await checkOverlay(app, 'new-category dialog', async () => {
      await page
        .getByRole('button', { name: /^Add category to / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'New category' }).waitFor();
    });
    await checkOverlay(app, 'delete-category dialog', async () => {
      await page.getByRole('button', { name: 'Delete Groceries' }).click();
      await page.getByRole('dialog', { name: 'Delete Groceries?' }).waitFor();
    });
    app.assertClean();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { focused, tabTo } from './support/keyboard.js';
import {
  accessibleBothThemes,
  available,
  dayOfLastMonth,
  monthAhead,
  openMenu,
  row,
  seedIncome,
  spend,
  toAssign,
} from './support/budget.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * The envelope budget in a browser (docs/client.md#the-budget-screen): income assigned until To
 * assign is 0, an overspent category covered, money moved, a rollover rule changed, an
 * assignment undone from "Explain this number", last month's overspending named, To assign in
 * view at 320 px; the same grid by keyboard alone; the account form's On budget checkbox. axe
 * runs on the screen and each dialog, in both themes.
 */

describe('budget journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'assigns the income, covers overspending, moves money, sets a rule, explains and undoes',
    { timeout: 300_000 },
    async () => {
      const { token } = await signedInUser('budget');
      const checking = await seedIncome(token, 1020);
      // Last month Taxi was overspent by 20.00 with nothing assigned: the default rule takes it
      // from this month's To assign.
      await spend(token, checking, 'Taxi', 20, dayOfLastMonth);

      const w = await openPage(browser, { token, timezoneId: 'UTC' });
      const { page } = w;
      const assigns: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('budget.assign')) assigns.push(request.url());
      });
      await w.goto('/budget');
      await page.getByRole('heading', { name: 'Budget', exact: true }).waitFor();
      await toAssign(page).getByText('$1,000.00').waitFor();
      await page
        .getByTestId('overspending-from-last-month')
        .getByText('Last month’s overspending of $20.00 was taken from this month’s To assign.')
        .waitFor();
      await accessibleBothThemes(page, 'budget');

      // Nothing unreadable is sent: the cell says why and keeps what was typed.
      const rent = page.getByRole('textbox', { name: 'Assigned to Rent' });
      await rent.fill('1,00,0');
      await rent.press('Enter');
      await expect.poll(() => rent.getAttribute('aria-invalid')).toBe('true');
      await row(page, 'Rent')
        .getByText(/could be read two ways/)
        .waitFor();
      expect(assigns).toHaveLength(0);
      await rent.press('Escape');
      expect(await rent.inputValue()).toBe('0.00');

      // Assign the month's income until To assign is 0.
      await rent.fill('600');
      await rent.press('Enter');
      await toAssign(page).getByText('$400.00').waitFor();
      const groceries = page.getByRole('textbox', { name: 'Assigned to Groceries' });
      await groceries.fill('300');
      await groceries.press('Tab');
      await toAssign(page).getByText('$100.00').waitFor();
      const dining = page.getByRole('textbox', { name: 'Assigned to Dining out' });
      await dining.fill('100');
      await dining.press('Enter');
      await toAssign(page).getByText('$0.00').waitFor();
      expect(assigns).toHaveLength(3);

      // Overspend Dining out: marked in words, not only in colour.
      await spend(token, checking, 'Dining out', 150);
      await page.reload();
      await row(page, 'Dining out').getByText('Overspent').waitFor();
      await expect.poll(() => available(page, 'Dining out').textContent()).toBe('-$50.00');

      // Cover it from Groceries.
      await openMenu(page, 'Dining out', 'Cover overspending');
      const cover = page.getByRole('dialog', { name: 'Cover overspending in Dining out' });
      await cover.waitFor();
      await accessibleBothThemes(page, 'budget cover dialog');
      await cover
        .getByRole('combobox', { name: 'From' })
        .selectOption({ label: 'Groceries ($300.00)' });
      await cover.getByRole('button', { name: 'Cover $50.00' }).click();
      await toast(page, 'Overspending covered');
      await expect.poll(() => available(page, 'Dining out').textContent()).toBe('$0.00');
      await expect.poll(() => available(page, 'Groceries').textContent()).toBe('$250.00');
      expect(await row(page, 'Dining out').getByText('Overspent').count()).toBe(0);
      await focused(page, 'Actions for Dining out');

      // Move 50.00 from Groceries to Coffee.
      await openMenu(page, 'Groceries', 'Move money');
      const move = page.getByRole('dialog', { name: 'Move money from Groceries' });
      await move.getByRole('textbox', { name: 'Amount', exact: true }).fill('50');
      await move.getByRole('combobox', { name: 'To' }).selectOption({ label: 'Coffee ($0.00)' });
      await accessibleBothThemes(page, 'budget move dialog');
      await move.getByRole('button', { name: 'Move money' }).click();
      await toast(page, 'Money moved');
      await expect.poll(() => available(page, 'Coffee').textContent()).toBe('$50.00');
      await expect.poll(() => available(page, 'Groceries').textContent()).toBe('$200.00');

      // Coffee carries over up to 20.00 from this month on.
      await openMenu(page, 'Coffee', 'Rollover rule');
      const rule = page.getByRole('dialog', { name: 'Rollover rule of Coffee' });
      await rule.getByRole('radio', { name: 'Carry over up to a cap' }).check();
      await rule.getByRole('textbox', { name: 'Cap', exact: true }).fill('20');
      await accessibleBothThemes(page, 'budget rollover dialog');
      await rule.getByRole('button', { name: 'Save rule' }).click();
      await toast(page, 'Rollover rule saved');
      const history = page.getByRole('region', { name: 'History' });
      await history
        .getByText('Changed the rollover rule of Coffee: it carries over up to $20.00')
        .waitFor();

      // Explain Rent's Available, and undo its assignment from there.
      await openMenu(page, 'Rent', 'Explain this number');
      const explain = page.getByRole('dialog', { name: 'Explain: Available in Rent' });
      await explain.getByText('Assigned $600.00 to Rent').waitFor();
      await accessibleBothThemes(page, 'budget explain dialog');
      await explain.getByRole('button', { name: 'Undo: Assigned $600.00 to Rent' }).click();
      await toast(page, 'Undone: Assigned $600.00 to Rent');
      await toAssign(page).getByText('$600.00').waitFor();
      await page.keyboard.press('Escape');
      await focused(page, 'Actions for Rent');
      await expect.poll(() => available(page, 'Rent').textContent()).toBe('$0.00');

      // To assign explained: last month's overspending is one of its parts.
      await toAssign(page).getByRole('button', { name: 'Explain To assign' }).click();
      const explainToAssign = page.getByRole('dialog', { name: 'Explain: To assign' });
      await explainToAssign.getByText('$600.00').first().waitFor();
      await page.keyboard.press('Escape');

      // Hold 100.00 for next month.
      await toAssign(page).getByRole('button', { name: 'Hold for next month' }).click();
      const hold = page.getByRole('dialog', { name: 'Hold for next month' });
      await hold.getByLabel('Amount to hold').fill('100');
      await hold.getByRole('button', { name: 'Hold', exact: true }).click();
      await toast(page, 'Hold for next month saved');
      await toAssign(page).getByText('$500.00').waitFor();
      await history.getByText('Held $100.00 for next month').waitFor();

      // Months: the next one and back; the URL keeps the month.
      await page.getByRole('button', { name: /^Next month/ }).click();
      await page.waitForURL(/month=\d{4}-\d{2}/);
      await page.getByRole('button', { name: 'This month' }).click();
      await toAssign(page).getByText('$500.00').waitFor();

      // At 320 px To assign stays in view while the grid scrolls under it, and no figure breaks.
      await page.setViewportSize({ width: 320, height: 640 });
      await expectWholeFigures(page, 'budget 320px');
      await page.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
      await expect
        .poll(async () => {
          const box = await toAssign(page).boundingBox();
          return box !== null && box.y >= -1 && box.y < 10;
        })
        .toBe(true);
      await accessibleBothThemes(page, 'budget 320px');
      w.assertClean();
      await w.context.close();
    },
  );

  it(
    'sets a goal of 1,200 by a month, fills the month from goals, shows it on the dashboard and plans against actual on analytics',
    {
      timeout: 180_000,
    },
    async () => {
      const { token } = await signedInUser('budget-goals');
      const checking = await seedIncome(token, 2000);
      // Three months, this one included: 400.00 a month.
      const dueMonth = monthAhead(2);
      const w = await openPage(browser, { token, timezoneId: 'UTC' });
      const { page } = w;
      await w.goto('/budget');
      await toAssign(page).getByText('$2,000.00').waitFor();

      await openMenu(page, 'Groceries', 'Goal');
      const goal = page.getByRole('dialog', { name: 'Goal for Groceries' });
      await goal.getByRole('radio', { name: 'Save an amount by a month' }).check();
      await goal.getByRole('textbox', { name: 'Goal amount' }).fill('1,200');
      await goal.getByLabel('By month').fill(dueMonth);
      await accessibleBothThemes(page, 'budget goal dialog');
      await goal.getByRole('button', { name: 'Save goal' }).click();
      await toast(page, 'Goal saved');
      await row(page, 'Groceries')
        .getByText(`Goal: $1,200.00 by ${dueMonth} · $400.00 needed`)
        .waitFor();

      await toAssign(page).getByRole('button', { name: 'Fill from goals' }).click();
      await toast(page, 'Filled from goals: 1 category');
      await expect.poll(() => available(page, 'Groceries').textContent()).toBe('$400.00');
      await toAssign(page).getByText('$1,600.00').waitFor();
      await row(page, 'Groceries')
        .getByText(/met this month/)
        .waitFor();

      // The dashboard's Upcoming Events shows the goal and its progress (400 of 1,200: 33%).
      await w.goto('/');
      const events = page.getByTestId('upcoming-events');
      await events.getByRole('heading', { name: 'Groceries' }).waitFor();
      await events.getByText('33% there').waitFor();

      // Analytics sets the plan against what happened: 400.00 budgeted for Groceries, 55.50
      // spent, 344.50 left.
      await spend(token, checking, 'Groceries', 55.5);
      await w.goto('/analytics');
      const plan = page.getByRole('region', { name: 'Plan vs actual' });
      const groceries = plan.getByRole('row').filter({ hasText: 'Groceries' });
      await expect
        .poll(() => groceries.locator('td').allTextContents())
        .toEqual(['$400.00', '$55.50', '$344.50']);
      w.assertClean();
      await w.context.close();
    },
  );

  it('assigns by keyboard alone: type, Enter, arrows, Tab, Escape, the menu and Undo', async () => {
    const { token } = await signedInUser('budget-keys');
    await seedIncome(token, 500);
    const w = await openPage(browser, { token, timezoneId: 'UTC' });
    const { page } = w;
    const { keyboard } = page;
    await w.goto('/budget');
    await page.getByRole('heading', { name: 'Budget', exact: true }).waitFor();
    await toAssign(page).getByText('$500.00').waitFor();

    await tabTo(page, 'Assigned to Groceries', { limit: 120 });
    await keyboard.type('200');
    await keyboard.press('Enter');
    await toAssign(page).getByText('$300.00').waitFor();
    // Down to the next row's cell: the same column, its text selected for typing over.
    await keyboard.press('ArrowDown');
    await focused(page, 'Assigned to Dining out');
    await keyboard.type('250');
    await keyboard.press('ArrowUp');
    await toAssign(page).getByText('$50.00').waitFor();
    await focused(page, 'Assigned to Groceries');
    // Escape puts back the saved figure; nothing is sent.
    await keyboard.type('999');
    await keyboard.press('Escape');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Assigned to Groceries' }).inputValue())
      .toBe('200.00');
    // Tab leaves the cell and saves it.
    await keyboard.press('ArrowDown');
    await keyboard.press('ArrowDown');
    await focused(page, 'Assigned to Coffee');
    await keyboard.type('50');
    await keyboard.press('Tab');
    await toAssign(page).getByText('$0.00').waitFor();

    // The category's menu by keyboard: Explain, then Undo the assignment, then back.
    await tabTo(page, 'Actions for Groceries', { key: 'Shift+Tab', limit: 40 });
    await keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // The menu moves focus to its first item a frame after it shows: an arrow sent before that
    // lands on the button, and the items after it would be counted short.
    await expect.poll(() => focusedRole(page)).toBe('menuitem');
    // Each arrow moves focus a frame later too: the next is sent once it has moved.
    for (let i = 0; i < 6; i++) {
      const before = await focusedText(page);
      if (before === 'Explain this number') break;
      await keyboard.press('ArrowDown');
      await expect.poll(() => focusedText(page)).not.toBe(before);
    }
    expect(await focusedText(page)).toBe('Explain this number');
    await keyboard.press('Enter');
    const explain = page.getByRole('dialog', { name: 'Explain: Available in Groceries' });
    await explain.waitFor();
    await tabTo(page, 'Undo: Assigned $200.00 to Groceries');
    await keyboard.press('Enter');
    await toast(page, 'Undone: Assigned $200.00 to Groceries');
    await toAssign(page).getByText('$200.00').waitFor();
    await keyboard.press('Escape');
    await focused(page, 'Actions for Groceries');
    w.assertClean();
    await w.context.close();
  });

  it('asks whether an account is on the budget: on by default, off for a loan', async () => {
    const { token } = await signedInUser('budget-accounts');
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    const onBudget = dialog.getByRole('checkbox', { name: 'On budget' });
    expect(await onBudget.isChecked()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Loan' });
    expect(await onBudget.isChecked()).toBe(false);
    await dialog.getByLabel('Title').fill('Mortgage');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Account added successfully');
    const accounts = await apiData<{ id: string; title: string; onBudget: boolean }[]>(
      token,
      'GET',
      '/api/account',
    );
    const mortgage = accounts.find((account) => account.title === 'Mortgage');
    expect(mortgage?.onBudget).toBe(false);
    await w.goto(`/accounts/${mortgage?.id}`);
    await page.getByTestId('account-on-budget').getByText('Off budget').waitFor();
    w.assertClean();
    await w.context.close();
  });
});

/** The text of the focused element (a menu item's). */
function focusedRole(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('role') ?? null);
}

function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/shared/colour-palette.js';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Distinct colours (docs/analytics.md#colours): two accounts added through the dialog are offered
 * different palette colours, and the balance chart draws them in those colours with each line
 * named at its end and in the legend.
 */

/** Adds an account through the dialog, keeping the colour it offers; returns that colour. */
async function addAccount(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: 'Add Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Account' });
  await dialog.getByLabel('Title').fill(title);
  const offered = await dialog.getByLabel('Color hex code').inputValue();
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await toast(page, 'Account added successfully');
  await dialog.waitFor({ state: 'hidden' });
  return offered;
}

describe('distinct colours journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('gives two new accounts different colours; the chart names both lines', async () => {
    const { token } = await signedInUser('colours');
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/accounts');
    // The offer waits for the accounts list: the page shows it first.
    await page.getByText('No accounts found').waitFor();

    const first = await addAccount(page, 'Everyday');
    await page.getByRole('heading', { name: 'Everyday' }).waitFor();
    const second = await addAccount(page, 'Rainy day');
    expect([first, second]).toEqual([PALETTE[0], PALETTE[1]]);

    const { data: accounts } = await api<{ data: { id: string; title: string; color: string }[] }>(
      token,
      'GET',
      '/api/account',
    );
    const colourOf = new Map(accounts.map((a) => [a.title, a.color]));
    expect(colourOf.get('Everyday')).toBe(PALETTE[0]);
    expect(colourOf.get('Rainy day')).toBe(PALETTE[1]);
    for (const a of accounts) {
      await api(token, 'POST', `/api/account/${a.id}/deposit`, {
        amount: a.title === 'Everyday' ? 40 : 900,
      });
    }

    await w.goto('/analytics');
    const balance = page.getByRole('region', { name: 'Balance over time' });
    await balance.locator('[data-line-label]').first().waitFor();
    // Each account's line in its own colour ...
    const strokes = await balance
      .locator('.recharts-line-curve')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('stroke')));
    expect(strokes).toEqual(expect.arrayContaining([PALETTE[0], PALETTE[1]]));
    // ... and named, at its end and in the legend: colour is not the only cue.
    const endLabels = await balance.locator('[data-line-label]').allTextContents();
    expect(endLabels.sort()).toEqual(['Everyday', 'Rainy day']);
    const legend = await balance.locator('.recharts-legend-item-text').allTextContents();
    expect(legend).toEqual(expect.arrayContaining(['Everyday', 'Rainy day', 'Total']));
    w.assertClean();
    await w.context.close();
  });
});

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { SCREENSHOT_DIR, launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

// What the importer does not guess (issue 20, docs/import.md#choices): a QIF whose dates could
// be day.month or month.day asks before anything is imported, and its answer changes the dates
// in the review; a two-statement OFX (a bank account in CNY, a credit card in USD) lists both
// and sends each to an account of its own.

/** Dates dd.mm.yy with no day above 12: the file does not say which part is the day. */
const AMBIGUOUS_QIF = `!Type:Bank
D03.04.26
T-12.50
PCorner Bakery
MBread
^
D05.04.26
T-40.00
PGrocer
MWeekly shop
^
D11.04.26
T1500.00
PEmployer
MSalary
^
`;

/** One OFX file, two statements: a CNY current account and a USD credit card. */
const TWO_STATEMENT_OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:UTF-8
CHARSET:NONE
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>
<DTSERVER>20260405083000<LANGUAGE>CHI</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>CNY
<BANKACCTFROM><BANKID>104100000004<ACCTID>6217000010001234<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260331
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260305<TRNAMT>12500.00<FITID>CN001<NAME>Shanghai Example Tech<MEMO>Salary March</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260308<TRNAMT>-3200.00<FITID>CN002<NAME>Rent March</STMTTRN>
<STMTTRN><TRNTYPE>POS<DTPOSTED>20260312<TRNAMT>-86.50<FITID>CN003<NAME>Meituan<MEMO>Order 7788123</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>9213.50<DTASOF>20260331</LEDGERBAL></STMTRS>
</STMTTRNRS></BANKMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>2<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<CCSTMTRS><CURDEF>USD
<CCACCTFROM><ACCTID>4000123412349876</CCACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260331
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260310<TRNAMT>-45.20<FITID>CC001<NAME>AMAZON MKTPLACE<MEMO>AMZN.COM/BILL WA</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260315<TRNAMT>-120.00<FITID>CC002<NAME>UNITED AIRLINES</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260320<TRNAMT>300.00<FITID>CC003<NAME>PAYMENT THANK YOU</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>134.80<DTASOF>20260331</LEDGERBAL></CCSTMTRS>
</CCSTMTTRNRS></CREDITCARDMSGSRSV1>
</OFX>
`;

/**
 * Sizes in one column, the direction in another (D money out, C money in), and dates whose day
 * and month could be either way round.
 */
const INDICATOR_CSV = `Date,Text,Amount,DC
03/04/2026,Corner Coffee,3.50,D
05/04/2026,Employer,500.00,C
11/04/2026,Grocer,20.00,D
`;

interface Entry {
  occurredOn: string;
  description: string;
  /** Always positive: the type says which way it went. */
  amount: number;
  transactionType: string;
}

/** An entry's amount with its sign: imports write deposits (in) and expenses (out). */
const signed = (entry: Entry) =>
  entry.transactionType === 'deposit' ? entry.amount : -entry.amount;

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** The amounts in the review's Amount column, in row order. */
async function reviewAmounts(page: Page): Promise<string[]> {
  return reviewColumn(page, 7);
}

/**
 * One column of the review's drawn rows, in row order: the review is an ARIA table of rows
 * (virtualised, so only the drawn ones; these files are a few rows long).
 */
async function reviewColumn(page: Page, column: number): Promise<string[]> {
  return page
    .getByRole('table', { name: /./ })
    .locator('[role="row"]:not([aria-rowindex="1"])')
    .evaluateAll(
      (rows, at) =>
        rows
          .sort(
            (a, b) =>
              Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
          )
          .map((row) => row.querySelectorAll('[role="cell"]')[at]?.textContent ?? ''),
      column,
    );
}

/** The dates in the review's Date column, in row order. */
async function reviewDates(page: Page): Promise<string[]> {
  return reviewColumn(page, 2);
}

async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * axe at 1280 and 320 pixels, in the light and the dark theme, with a screenshot of each
 * (test-results/screenshots/{name}-{width}-{theme}.png); back to 1280 and light.
 */
async function checkAccessible(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
      await expectAccessible(page, `${name} ${width}px ${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
}

async function ledger(token: string, accountId: string): Promise<Entry[]> {
  const { data } = await api<{ data: { items: Entry[] } }>(
    token,
    'GET',
    `/api/transactions?accountId=${accountId}`,
  );
  return data.items;
}

async function balance(token: string, accountId: string): Promise<number> {
  const { data } = await api<{ data: { balance: number } }>(
    token,
    'GET',
    `/api/account/${accountId}`,
  );
  return data.balance;
}

describe('import choices journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('asks how to read the dates of an ambiguous QIF, and the answer changes them', async () => {
    const { token } = await signedInUser('import-qif');
    const account = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Girokonto' })
    ).data;
    const w = await openPage(browser, { token, width: 1280 });
    const { page } = w;
    await w.goto(`/import?accountId=${account.id}`);
    await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
    await expect
      .poll(() => page.getByLabel('Account', { exact: true }).inputValue())
      .toBe(account.id);
    await page.getByLabel('Bank file (CSV, OFX, QFX or QIF)').setInputFiles({
      name: 'april.qif',
      mimeType: 'application/qif',
      buffer: Buffer.from(AMBIGUOUS_QIF),
    });
    await page.getByRole('heading', { name: 'Review' }).waitFor();

    // The question, asked in words with its evidence, before anything can be imported.
    const questions = page.getByRole('region', { name: 'Answer before importing' });
    await questions.waitFor();
    await questions.getByRole('alert').getByText('How should the dates be read?').waitFor();
    await questions.getByText('no day above 12', { exact: false }).waitFor();
    const question = page.getByLabel('How should the dates be read?');
    expect(await question.inputValue()).toBe('');
    const importButton = page.getByRole('button', { name: 'Import 3 rows' });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByText('Answer the question above before importing.').waitFor();
    await checkAccessible(page, 'import-question');

    // The review shows the dates as the preview read them (day.month: the file writes dots).
    expect(await reviewDates(page)).toEqual(['2026-04-03', '2026-04-05', '2026-04-11']);

    // Read as month.day.year, the same rows fall on other days: the review follows.
    await question.selectOption({ label: 'Month.day.year' });
    await expect.poll(() => reviewDates(page)).toEqual(['2026-03-04', '2026-05-04', '2026-11-04']);
    // Answered: no question left; the answer stays on show, changeable.
    await questions.waitFor({ state: 'detached' });
    const dateOrder = page.getByLabel('Date order', { exact: true });
    expect(await dateOrder.inputValue()).toBe('mdy');
    await page.getByText('as you chose', { exact: false }).waitFor();

    // The person settles on day.month.year: the dates change back before the commit.
    await dateOrder.selectOption({ label: 'Day.month.year' });
    await expect.poll(() => reviewDates(page)).toEqual(['2026-04-03', '2026-04-05', '2026-04-11']);
    expect(await dateOrder.inputValue()).toBe('dmy');
    await expect.poll(() => importButton.isDisabled()).toBe(false);
    await checkAccessible(page, 'import-answered');

    await importButton.click();
    await toast(page, 'Imported 3 transactions into Girokonto');
    const entries = await ledger(token, account.id);
    expect(
      entries.map((entry) => [entry.occurredOn, entry.description, signed(entry)]).sort(),
    ).toEqual([
      ['2026-04-03', 'Bread', -12.5],
      ['2026-04-05', 'Weekly shop', -40],
      ['2026-04-11', 'Salary', 1500],
    ]);
    expect(await balance(token, account.id)).toBe(1447.5);
    w.assertClean();
  });

  it('lists both statements of an OFX file and sends each to its own account', async () => {
    const { token } = await signedInUser('import-ofx');
    // Each account in its statement's currency: a statement in another one is refused
    // (docs/import.md#currencies).
    const create = async (title: string, currency: string) =>
      (await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title, currency })).data
        .id;
    const bank = await create('Current account CNY', 'CNY');
    const card = await create('Credit card USD', 'USD');
    const w = await openPage(browser, { token, width: 1280 });
    const { page } = w;
    await w.goto(`/import?accountId=${bank}`);
    await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Account', { exact: true }).inputValue()).toBe(bank);
    await page.getByLabel('Bank file (CSV, OFX, QFX or QIF)').setInputFiles({
      name: 'march.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(TWO_STATEMENT_OFX),
    });

    // Both statements, each with its currency, row count and an account select: the first in
    // the account the import started from, the second waiting for an answer.
    const statements = page.getByRole('region', { name: 'Statements in this file' });
    await statements.waitFor();
    const bankSelect = statements.getByLabel(/^Account for .*1234/);
    const cardSelect = statements.getByLabel(/^Account for .*9876/);
    await statements.getByText('In CNY, 3 rows').waitFor();
    await statements.getByText('In USD, 3 rows').waitFor();
    expect(await bankSelect.inputValue()).toBe(bank);
    expect(await cardSelect.locator('option:checked').textContent()).toBe('Choose an account');
    expect(await page.getByRole('button', { name: /^Import \d+ rows?$/ }).isDisabled()).toBe(true);
    await page
      .getByRole('region', { name: 'Answer before importing' })
      .getByText('Which account does each statement go to?')
      .first()
      .waitFor();
    await checkAccessible(page, 'import-statements-question');

    await cardSelect.selectOption({ label: 'Credit card USD' });
    // The review now holds both statements' rows, labelled by statement and account, each
    // amount with its currency, and each account's balance after the import.
    const cardRows = page.getByRole('region', { name: /9876.* into Credit card USD$/ });
    const bankRows = page.getByRole('region', { name: /1234.* into Current account CNY$/ });
    await cardRows.getByText('AMZN.COM/BILL WA').waitFor();
    await cardRows.getByText('-$45.20').first().waitFor();
    await bankRows.getByText('-CN¥86.50').first().waitFor();
    await cardRows
      .getByText('Balance of Credit card USD $0.00 now, $134.80 after importing 3 rows.')
      .waitFor();
    await bankRows
      .getByText('Balance of Current account CNY CN¥0.00 now, CN¥9,213.50 after importing 3 rows.')
      .waitFor();
    const importButton = page.getByRole('button', { name: 'Import 6 rows' });
    await expect.poll(() => importButton.isDisabled()).toBe(false);
    expect(await page.getByRole('region', { name: 'Answer before importing' }).count()).toBe(0);
    await checkAccessible(page, 'import-two-statements');

    await importButton.click();
    await toast(page, 'Imported 6 transactions into 2 accounts');
    expect(await balance(token, bank)).toBe(9213.5);
    expect(await balance(token, card)).toBe(134.8);
    const byDate = (entries: Entry[]) =>
      entries.map((entry) => [entry.occurredOn, signed(entry)]).sort();
    expect(byDate(await ledger(token, bank))).toEqual([
      ['2026-03-05', 12500],
      ['2026-03-08', -3200],
      ['2026-03-12', -86.5],
    ]);
    expect(byDate(await ledger(token, card))).toEqual([
      ['2026-03-10', -45.2],
      ['2026-03-15', -120],
      ['2026-03-20', 300],
    ]);
    w.assertClean();
  });

  it('keeps a CSV date question open through column changes, and reads a debit/credit column', async () => {
    const { token } = await signedInUser('import-indicator');
    const account = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Giro' })
    ).data;
    const w = await openPage(browser, { token, width: 1280 });
    const { page } = w;
    await w.goto(`/import?accountId=${account.id}`);
    await expect
      .poll(() => page.getByLabel('Account', { exact: true }).inputValue())
      .toBe(account.id);
    await page.getByLabel('Bank file (CSV, OFX, QFX or QIF)').setInputFiles({
      name: 'giro.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(INDICATOR_CSV),
    });
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    const questions = page.getByRole('region', { name: 'Answer before importing' });
    await questions.getByLabel('How should the dates be read?').waitFor();
    const importButton = page.getByRole('button', { name: 'Import 3 rows' });
    expect(await importButton.isDisabled()).toBe(true);

    // The mapping form sets the indicator column: without it every amount is money in; with
    // it, D rows leave the account. Changing a column does not answer the date question.
    const indicator = page.getByLabel('Debit/credit indicator', { exact: true });
    await indicator.selectOption({ label: 'None' });
    await expect.poll(() => reviewAmounts(page)).toEqual(['$3.50', '$500.00', '$20.00']);
    await indicator.selectOption({ label: '4: DC' });
    await expect.poll(() => reviewAmounts(page)).toEqual(['-$3.50', '$500.00', '-$20.00']);
    await page
      .getByRole('region', { name: 'How the file was read' })
      .getByText('says debit or credit', { exact: false })
      .waitFor();
    await questions.getByText('no day above 12', { exact: false }).waitFor();
    expect(await questions.getByLabel('How should the dates be read?').inputValue()).toBe('');
    expect(await importButton.isDisabled()).toBe(true);

    // One date order control (the mapping form has none of its own): the answer reads the
    // dates day first.
    expect(await page.getByLabel('Date order', { exact: true }).count()).toBe(0);
    const before = await reviewDates(page);
    await questions.getByLabel('How should the dates be read?').selectOption({
      label: 'Day.month.year',
    });
    await expect.poll(() => reviewDates(page)).toEqual(['2026-04-03', '2026-04-05', '2026-04-11']);
    expect(before).not.toEqual(['2026-04-03', '2026-04-05', '2026-04-11']);
    expect(await page.getByLabel('Date order', { exact: true }).inputValue()).toBe('dmy');
    await expect.poll(() => importButton.isDisabled()).toBe(false);
    await importButton.click();
    await toast(page, 'Imported 3 transactions into Giro');
    expect(await balance(token, account.id)).toBe(476.5);
    expect(
      (await ledger(token, account.id)).map((entry) => [entry.occurredOn, signed(entry)]).sort(),
    ).toEqual([
      ['2026-04-03', -3.5],
      ['2026-04-05', 500],
      ['2026-04-11', -20],
    ]);
    w.assertClean();
  });
});

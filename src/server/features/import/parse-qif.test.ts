import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money.js';
import type { ImportReading } from '../../../shared/schemas/import.js';
import { AppError } from '../../lib/app-error.js';
import { decodeFile } from './decode-file.js';
import { QIF_MESSAGES, isQif, parseQif } from './parse-qif.js';
import type { ReadResult } from './parsed-file.js';

const TODAY = '2026-11-25';
const FIXTURES = new URL('../../../../tests/fixtures/imports/', import.meta.url);

const read = (text: string, reading: ImportReading = {}) =>
  parseQif(text, { reading, today: TODAY });
const qif = (...records: string[][]) =>
  ['!Type:Bank', ...records.flatMap((fields) => [...fields, '^'])].join('\n') + '\n';
const datesOf = (result: ReadResult) =>
  result.statements.flatMap((statement) => statement.rows.map((row) => row.occurredOn));
const refusal = (text: string) => {
  try {
    read(text);
  } catch (error) {
    if (error instanceof AppError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'read';
};

describe('isQif', () => {
  it('a header on the first line', () => {
    expect(isQif('!Type:Bank\nD01/05/2026\n')).toBe(true);
    expect(isQif('  !type:ccard\n')).toBe(true);
    expect(isQif('!Account\nNChecking\n')).toBe(true);
    expect(isQif('!Option:AutoSwitch\n')).toBe(true);
  });

  it('after comment lines and blank lines (regression: taken for a CSV)', () => {
    expect(isQif('# Exported by HomeBank\n# Account: Savings\n\n!Type:Bank\n')).toBe(true);
    expect(isQif('\r\n\r\n; generated\r\n// by a script\r\n!Type:Bank\r\n')).toBe(true);
  });

  it('not a CSV, not a header after other text, not beyond the first 8 KB', () => {
    expect(isQif('Date,Amount\n2026-03-02,1.00\n')).toBe(false);
    expect(isQif('Date,Amount\n!Type:Bank\n')).toBe(false);
    expect(isQif('!Foo\n!Type:Bank\n')).toBe(false);
    expect(isQif(`${'# comment\n'.repeat(1000)}!Type:Bank\n`)).toBe(false);
  });

  it('is linear on a long first line', () => {
    const started = performance.now();
    expect(isQif(`#${' '.repeat(5_000_000)}`)).toBe(false);
    expect(isQif(`${'\n'.repeat(5_000_000)}!Type:Bank`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parseQif', () => {
  it('reads payees, memos, categories, check numbers; splits keep the total', () => {
    const result = read(
      qif(
        ['D10/01/2026', 'T1,200.00', 'PEmployer Inc', 'MOctober salary', 'LIncome:Salary'],
        [
          'D10/14/2026',
          'T-156.78',
          'N1043',
          'PWhole Foods',
          'LFood:Groceries/Household',
          'SFood:Groceries',
          'EWeekly shop',
          '$-120.00',
          'SHousehold',
          '$-36.78',
        ],
        ['D10/20/2026', 'T-500.00', 'PTransfer', 'L[Savings]'],
      ),
    );
    expect(result.format).toBe('qif');
    expect(result.statements).toHaveLength(1);
    expect(result.statements[0]).toMatchObject({ index: 0, label: 'This file', accountRef: null });
    expect(result.statements[0]?.rows).toEqual([
      {
        line: 2,
        occurredOn: '2026-10-01',
        amountCents: 120000n,
        exactAmount: { value: 1200n, scale: 0 },
        description: 'October salary',
        payee: 'Employer Inc',
        bankRef: null,
        categoryName: 'Salary',
        currency: null,
        writtenAmount: null,
      },
      expect.objectContaining({
        line: 8,
        amountCents: -15678n,
        description: 'Whole Foods',
        categoryName: 'Groceries',
      }),
      expect.objectContaining({ line: 19, amountCents: -50000n, categoryName: null }),
    ]);
  });

  it('dd.mm.yy with no day above 12: asks, and reads as answered (regression: read as mm.dd.yy)', () => {
    const text = qif(
      ['D02.03.26', 'T-12,50', 'PBäckerei'],
      ['D05.04.26', 'T-3,20', 'PKiosk'],
      ['D11.01.26', 'T2.150,00', 'PGehalt'],
    );
    const open = read(text);
    expect(open.choices.find((choice) => choice.kind === 'dateOrder')).toEqual({
      kind: 'dateOrder',
      answer: 'reading.dateOrder',
      chosen: 'dmy',
      options: ['dmy', 'mdy', 'ymd'],
      evidence:
        'Dates read as day.month.year: no day above 12 in this file; 3 rows would change if read as month.day.year',
      needsAnswer: true,
      rows: 3,
    });
    const answered = read(text, { dateOrder: 'dmy' });
    expect(datesOf(answered)).toEqual(['2026-03-02', '2026-04-05', '2026-01-11']);
    expect(answered.choices.find((choice) => choice.kind === 'dateOrder')).toMatchObject({
      chosen: 'dmy',
      needsAnswer: false,
    });
    expect(datesOf(read(text, { dateOrder: 'mdy' }))).toEqual([
      '2026-02-03',
      '2026-05-04',
      '2026-11-01',
    ]);
  });

  it('falls back to m/d/y for slashes and points, d.m.y for dots or decimal commas', () => {
    const slashes = read(qif(['D02/03/2026', 'T-1.50'], ['D04/05/2026', 'T-2.50']));
    expect(slashes.choices[0]).toMatchObject({
      kind: 'dateOrder',
      chosen: 'mdy',
      needsAnswer: true,
    });
    expect(datesOf(slashes)).toEqual(['2026-02-03', '2026-04-05']);
    const commas = read(qif(['D02/03/2026', 'T-1,50'], ['D04/05/2026', 'T-2,50']));
    expect(commas.choices[0]).toMatchObject({
      kind: 'dateOrder',
      chosen: 'dmy',
      needsAnswer: true,
    });
    expect(datesOf(commas)).toEqual(['2026-03-02', '2026-05-04']);
  });

  it('a day above 12 settles the order: nothing to ask', () => {
    const result = read(qif(['D03/02/2026', 'T-1.50'], ['D14/02/2026', 'T-2.50']));
    expect(datesOf(result)).toEqual(['2026-02-03', '2026-02-14']);
    expect(result.choices).toEqual([]);
  });

  it("reads Quicken's own date forms, two-digit years by the pivot, and reports them", () => {
    const result = read(
      qif(
        ["D1/ 5'97", 'T-1.00'],
        ['D01/15/1997', 'T-2.00'],
        ['D12/31/97', 'T-3.00'],
        ["D 1/ 2'26", 'T-4.00'],
        ['D2026-01-05', 'T-5.00'],
      ),
    );
    expect(datesOf(result)).toEqual([
      '1997-01-05',
      '1997-01-15',
      '1997-12-31',
      '2026-01-02',
      '2026-01-05',
    ]);
    expect(result.choices).toEqual([
      expect.objectContaining({
        kind: 'twoDigitYears',
        needsAnswer: false,
        rows: 3,
        evidence:
          'Two-digit years read as 1997 to 2026: the nearest century to today (2026-11-25), never more than a year ahead',
      }),
    ]);
    expect(datesOf(read(qif(['D1.5.97', 'T-1,00'])))).toEqual(['1997-05-01']);
  });

  it('10/11/97 is 1997, not 2097 (regression)', () => {
    expect(datesOf(read(qif(['D10/11/97', 'T-20.00'], ['D10/18/97', 'T-7.50'])))).toEqual([
      '1997-10-11',
      '1997-10-18',
    ]);
  });

  it('sub-cent amounts arrive rounded half-even, with the amount as written', () => {
    const rows = read(qif(['D01/31/2026', 'T+115.8331'], ['D02/28/2026', 'T104.6250']))
      .statements[0]?.rows;
    expect(rows?.map((row) => [row.amountCents, row.writtenAmount])).toEqual([
      [11583n, '+115.8331'],
      [10462n, '104.6250'],
    ]);
  });

  it('amounts that leave the decimal separator open ask where the answer goes', () => {
    const result = read(qif(['D01/31/2026', 'T-1.250'], ['D02/28/2026', 'T-2.500']));
    expect(result.choices.find((choice) => choice.kind === 'decimalSeparator')).toMatchObject({
      answer: 'reading.decimalSeparator',
      chosen: ',',
      needsAnswer: true,
      rows: 2,
    });
  });

  it('one statement per !Account; lists and the AutoSwitch account list passed over', () => {
    const text = [
      '!Option:AutoSwitch',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      'NVisa',
      'TCCard',
      '^',
      '!Clear:AutoSwitch',
      '!Type:Cat',
      'NFood',
      'E',
      '^',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Bank',
      'D03/02/2026',
      'T-10.00',
      'PShop',
      '^',
      '!Account',
      'NVisa',
      'TCCard',
      '^',
      '!Type:CCard',
      'D03/16/2026',
      'T-20.00',
      'PCinema',
      '^',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Bank',
      'D03/20/2026',
      'T-30.00',
      'PShop',
      '^',
    ].join('\r\n');
    const result = read(text);
    expect(
      result.statements.map((s) => [s.index, s.label, s.accountRef, s.rows.map((row) => row.line)]),
    ).toEqual([
      [0, 'Checking (bank)', 'Checking', [19, 37]],
      [1, 'Visa (credit card)', 'Visa', [28]],
    ]);
    expect(result.unsupported).toEqual([]);
  });

  it('investment sections are listed as unsupported, the bank records read', () => {
    const text = [
      '!Account',
      'NBrokerage',
      'TInvst',
      '^',
      '!Type:Invst',
      'D02/03/2026',
      'NBuy',
      'YACME',
      'T1,012.50',
      '^',
      'D02/04/2026',
      'NDiv',
      'T5.00',
      '^',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Bank',
      'D02/17/2026',
      'T1,800.00',
      '^',
      '!Type:Invoice',
      'D02/18/2026',
      'T1.00',
      '^',
    ].join('\n');
    const result = read(text);
    expect(result.statements.map((s) => [s.label, s.rows.length])).toEqual([
      ['Checking (bank)', 1],
    ]);
    expect(result.unsupported).toEqual([
      {
        label: 'Brokerage (investment)',
        reason:
          '2 investment records (!Type:Invst) cannot be imported: only bank, cash, credit card and other asset or liability records can (QIF types Bank, Cash, CCard, Oth A, Oth L)',
      },
      {
        label: 'Checking (bank)',
        reason:
          '1 record of type “Invoice” cannot be imported: only bank, cash, credit card and other asset or liability records can (QIF types Bank, Cash, CCard, Oth A, Oth L)',
      },
    ]);
  });

  it('a file of investment records only is refused (regression: one +5,000.00 deposit in 2097)', () => {
    const text =
      "!Type:Invst\nD10/11'97\nNBuy\nYFund\nT4,250.00\n^\nD12/01'97\nNXIn\nT5,000.00\n^\n";
    expect(refusal(text)).toBe(`UNPROCESSABLE: ${QIF_MESSAGES.onlyInvestment}`);
    expect(refusal('!Type:Invoice\nD01/01/2026\nT1.00\n^\n')).toBe(
      `UNPROCESSABLE: ${QIF_MESSAGES.nothingImportable}`,
    );
  });

  it('no more accounts than a file may hold', () => {
    const account = (i: number) =>
      `!Account\nNAccount ${i}\nTBank\n^\n!Type:Bank\nD01/02/2026\nT-1.00\n^\n`;
    const many = Array.from({ length: 21 }, (_, i) => account(i)).join('');
    expect(refusal(many)).toBe(`UNPROCESSABLE: ${QIF_MESSAGES.tooManyAccounts(20)}`);
    expect(read(Array.from({ length: 20 }, (_, i) => account(i)).join('')).statements).toHaveLength(
      20,
    );
  });

  it('row errors: a cut-off last record, a bad date, a zero amount', () => {
    const text = `${qif(['D13/45/2026', 'T-1.00', 'PBad'], ['D01/02/2026', 'T0.00'])}D01/03/2026\nPCut`;
    expect(read(text).statements[0]?.errors).toEqual([
      { line: 2, reason: 'The date “13/45/2026” is not a date', text: 'D13/45/2026 T-1.00 PBad' },
      { line: 6, reason: 'The amount is zero', text: 'D01/02/2026 T0.00' },
      {
        line: 9,
        reason: 'The transaction is cut off: the file looks truncated',
        text: 'D01/03/2026 PCut',
      },
    ]);
  });

  it('reads 40 KB fields in bounded time (regression: the amount sign trim was quadratic)', () => {
    const records = Array.from({ length: 4 }, () => [
      `D01/02/2026${' '.repeat(40_000)}x`,
      `T1${'-'.repeat(40_000)}1`,
      `P${' '.repeat(40_000)}x`,
    ]);
    const started = performance.now();
    const result = read(qif(...records));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.statements[0]?.errors).toHaveLength(4);
  });
});

describe('the QIF fixtures', () => {
  interface Expected {
    format: string;
    encoding: string;
    reading?: ImportReading;
    statements: {
      label: string;
      rows: { date: string; amount: string; payee: string; description: string }[];
    }[];
    unsupported: number;
    errors: number;
    refused?: string;
  }
  const files = ['qif', 'encodings'].flatMap((dir) =>
    readdirSync(new URL(`${dir}/`, FIXTURES))
      .filter((name) => name.endsWith('.qif'))
      .map((name) => `${dir}/${name}`),
  );

  it.each(files)('%s reads as its sidecar says', (file) => {
    const expected = JSON.parse(
      readFileSync(new URL(`${file}.expected.json`, FIXTURES), 'utf8'),
    ) as Expected;
    const { text, encoding } = decodeFile(readFileSync(new URL(file, FIXTURES)));
    expect(encoding).toBe(expected.encoding);
    expect(isQif(text)).toBe(true);
    if (expected.refused !== undefined) {
      expect(refusal(text)).toBe(`UNPROCESSABLE: ${expected.refused}`);
      return;
    }
    const result = read(text, expected.reading ?? {});
    // With the sidecar's answers nothing is left open.
    expect(result.choices.filter((choice) => choice.needsAnswer)).toEqual([]);
    expect(
      result.statements.map((statement) => ({
        label: statement.label,
        rows: statement.rows.map((row) => ({
          date: row.occurredOn,
          amount: formatCents(row.amountCents).replaceAll(',', ''),
          payee: row.payee,
          description: row.description,
        })),
      })),
    ).toEqual(expected.statements);
    expect(result.unsupported).toHaveLength(expected.unsupported);
    expect(result.statements.reduce((sum, statement) => sum + statement.errors.length, 0)).toBe(
      expected.errors,
    );
  });
});

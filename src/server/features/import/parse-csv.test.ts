import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { IMPORT_FIELD_MAX, IMPORT_LINES_MAX } from '../../../shared/limits.js';
import type { CsvMapping } from '../../../shared/schemas/import.js';
import { parseCsv } from './parse-csv.js';

// The CSV reader (docs/import.md#csv), issue 20: column roles from the values, sign
// conventions, date order and decimal separator from all the values, a reader that cannot be
// stalled, remembered mappings. The fixtures of tests/fixtures/imports/csv/ are read against
// their sidecars at the end.

const TODAY = '2026-11-25';
const read = (text: string, mapping?: CsvMapping) =>
  parseCsv(text, { reading: {}, today: TODAY, ...(mapping ? { mapping } : {}) });
const rowsOf = (result: ReturnType<typeof read>) =>
  (result.statements[0]?.rows ?? []).map((row) => [
    row.occurredOn,
    Number(row.amountCents) / 100,
    row.description,
  ]);
const errorsOf = (result: ReturnType<typeof read>) =>
  (result.statements[0]?.errors ?? []).map((error) => [error.line, error.reason]);
const choice = (result: ReturnType<typeof read>, kind: string) =>
  result.choices.find((c) => c.kind === kind);

const FIXTURES = fileURLToPath(new URL('../../../../tests/fixtures/imports/', import.meta.url));
const fixture = (name: string) =>
  new TextDecoder('utf-8').decode(readFileSync(`${FIXTURES}${name}`));

const MAPPING: CsvMapping = {
  delimiter: ',',
  hasHeader: true,
  dateColumn: 0,
  dateOrder: 'ymd',
  decimalSeparator: '.',
  amountColumn: 2,
  debitColumn: null,
  creditColumn: null,
  descriptionColumn: 1,
  payeeColumn: null,
  categoryColumn: null,
  referenceColumn: null,
  indicatorColumn: null,
};

describe('column roles come from the values (finding 1)', () => {
  it('a German PayPal export: the amount is Netto, never the postcode column', () => {
    const result = read(fixture('csv/de-paypal-activity.csv'));
    const headers = result.csv?.headers ?? [];
    expect(headers[result.csv?.mapping.amountColumn ?? -1]).toBe('Netto');
    expect(rowsOf(result).map(([, amount]) => amount)).toEqual([
      100, -9.99, -35, 48.16, -49.9, -23.4,
    ]);
    const columns = choice(result, 'columns');
    expect(columns).toMatchObject({ answer: 'mapping', needsAnswer: false });
    expect(columns?.evidence).toContain("Amount: column 'Netto' (every row is money)");
    expect(columns?.evidence).toContain("not 'PLZ' (postcodes)");
    expect(columns?.evidence).toContain("column 'Guthaben' is the running balance it moves");
    expect(headers[result.csv?.mapping.referenceColumn ?? -1]).toBe('Transaktionscode');
  });

  it('a Sparkasse CSV-CAMT export: the SEPA creditor id is never the bank reference', () => {
    const result = read(fixture('csv/de-sparkasse-csv-camt-v2.csv'));
    expect(result.csv?.mapping).toMatchObject({ amountColumn: 14, referenceColumn: null });
    const rows = result.statements[0]?.rows ?? [];
    expect(rows.map((row) => row.bankRef)).toEqual(rows.map(() => null));
    expect(choice(result, 'columns')?.evidence).toContain(
      "Amount: column 'Betrag' (every row is money); reference: none (column 'Glaeubiger ID' repeats for one creditor",
    );
  });

  it('a creditor id, IBAN or mandate reference is refused as a reference even when unique', () => {
    const text = [
      'Date,ID,Reference,Mandate,Amount',
      '2026-03-02,DE98ZZZ09999999999,DE89370400440532013000,M-1,-12.50',
      '2026-03-03,LU96ZZZ0000000000000000058,GB29NWBK60161331926819,M-2,-3.00',
    ].join('\n');
    const result = read(text);
    expect(result.csv?.mapping.referenceColumn).toBeNull();
    expect(result.statements[0]?.rows.map((row) => row.bankRef)).toEqual([null, null]);
  });

  it('a reference that repeats is refused; one that differs on every row is taken', () => {
    const repeated = read(
      'Date,Payee,Reference,Amount\n2026-03-02,Shop,R1,-1.00\n2026-03-03,Shop,R1,-2.00\n',
    );
    expect(repeated.csv?.mapping.referenceColumn).toBeNull();
    expect(choice(repeated, 'columns')?.evidence).toContain(
      "reference: none (column 'Reference' repeats for one counterparty)",
    );
    const unique = read(
      'Date,Payee,Reference,Amount\n2026-03-02,Shop,R1,-1.00\n2026-03-03,Shop,R2,-2.00\n',
    );
    expect(unique.csv?.mapping.referenceColumn).toBe(2);
  });

  it('header words are a hint: a column named as the amount that holds no money is not it', () => {
    const text = [
      'Buchungstag;Betrag;Umsatz;Text',
      '02.03.2026;EUR;-12,50;Brot',
      '13.03.2026;EUR;1.200,00;Gehalt',
    ].join('\n');
    const result = read(text);
    expect(result.csv?.mapping.amountColumn).toBe(2);
    expect(rowsOf(result)).toEqual([
      ['2026-03-02', -12.5, 'Brot'],
      ['2026-03-13', 1200, 'Gehalt'],
    ]);
  });

  it('an amount column must be money on nearly every row (95%): one bad cell in 25 is a row error', () => {
    const rows = Array.from({ length: 25 }, (_, i) =>
      i === 7 ? '14/03/2026,n/a,Text' : `14/03/2026,-${i + 1}.25,Text ${i}`,
    );
    const result = read(rows.join('\n'));
    expect(result.csv?.mapping).toMatchObject({ hasHeader: false, amountColumn: 1 });
    expect(errorsOf(result)).toEqual([[8, 'The amount “n/a” is not a number']]);
    const mostlyText = read(
      ['14/03/2026,-1.00,A', '15/03/2026,x,B', '16/03/2026,y,C', '17/03/2026,z,D'].join('\n'),
    );
    expect(mostlyText.csv?.mapping.amountColumn).toBeNull();
  });

  it('without headers, a column of postcodes beside money with cents is not the amount', () => {
    const result = read('02/03/2026,-12.50,Bakery,12345\n13/03/2026,-3.20,Kiosk,10115\n');
    expect(result.csv?.mapping.amountColumn).toBe(1);
    expect(rowsOf(result).map(([, amount]) => amount)).toEqual([-12.5, -3.2]);
    expect(choice(result, 'columns')?.evidence).toContain('not column 4 (postcodes)');
  });

  it('phone numbers, IBANs and codes with leading zeros are never amounts', () => {
    const text = [
      'Date,Phone,Account,Branch,Total',
      '2026-03-02,+49 30 1234567,DE89370400440532013000,0123,-12.50',
      '2026-03-03,+49 30 7654321,GB29NWBK60161331926819,0456,8.00',
    ].join('\n');
    expect(read(text).csv?.mapping.amountColumn).toBe(4);
  });

  it('a running balance is not the amount (CommBank, no header): the column it follows is', () => {
    const result = read(fixture('csv/au-commbank-no-header.csv'));
    expect(result.csv?.mapping).toMatchObject({ hasHeader: false, amountColumn: 1 });
    expect(choice(result, 'columns')?.evidence).toContain(
      'column 4 is the running balance it moves',
    );
  });

  it('two columns equally good for the amount: the preview asks', () => {
    const result = read('2026-03-02,-12.50,-11.00,Shop\n2026-03-03,-3.00,-2.75,Kiosk\n');
    const columns = choice(result, 'columns');
    expect(columns).toMatchObject({ needsAnswer: true, answer: 'mapping' });
    expect(columns?.options).toEqual(['amount column 2', 'amount column 3']);
    expect(columns?.evidence).toContain('Two columns are as good for the amount');
  });

  it('two columns equally good for the date (and differing): the preview asks', () => {
    const result = read('02/03/2026,05/03/2026,-12.50,Shop\n13/03/2026,14/03/2026,-3.00,Kiosk\n');
    expect(choice(result, 'columns')).toMatchObject({ needsAnswer: true });
    expect(choice(result, 'columns')?.options).toEqual(['date column 1', 'date column 2']);
    // A booking date beats a value date: nothing to ask.
    const named = read(
      'Buchungstag;Valutadatum;Betrag\n02.03.2026;05.03.2026;-12,50\n13.03.2026;14.03.2026;-3,00\n',
    );
    expect(named.csv?.mapping.dateColumn).toBe(0);
    expect(choice(named, 'columns')?.needsAnswer).toBe(false);
  });

  it('reads headers in French, Spanish, Italian and Portuguese', () => {
    const french = read(
      'Date opération;Libellé;Débit;Crédit;Solde\n02/03/2026;CB Boulangerie;4,20;;100,00\n13/03/2026;Virement salaire;;2 000,00;2 100,00\n',
    );
    expect(french.csv?.mapping).toMatchObject({ debitColumn: 2, creditColumn: 3 });
    expect(rowsOf(french)).toEqual([
      ['2026-03-02', -4.2, 'CB Boulangerie'],
      ['2026-03-13', 2000, 'Virement salaire'],
    ]);
    const spanish = read(
      'Fecha;Concepto;Importe;Saldo\n02/03/2026;Compra Mercadona;-23,10;976,90\n13/03/2026;Nómina;1.500,00;2.476,90\n',
    );
    expect(rowsOf(spanish)).toEqual([
      ['2026-03-02', -23.1, 'Compra Mercadona'],
      ['2026-03-13', 1500, 'Nómina'],
    ]);
    const italian = read(
      'Data contabile;Data valuta;Descrizione;Importo\n02/03/2026;01/03/2026;Pagamento POS;-8,50\n13/03/2026;13/03/2026;Stipendio;1.800,00\n',
    );
    expect(italian.csv?.mapping).toMatchObject({ dateColumn: 0, amountColumn: 3 });
    const portuguese = read(
      'Data;Descrição;Valor\n02/03/2026;Pix enviado;-50,00\n13/03/2026;Salário;3.000,00\n',
    );
    expect(rowsOf(portuguese)).toEqual([
      ['2026-03-02', -50, 'Pix enviado'],
      ['2026-03-13', 3000, 'Salário'],
    ]);
  });
});

describe('sign conventions (finding 2)', () => {
  it('a "Type" column of Debit/Credit beside an unsigned Amount is proposed and signs it', () => {
    const text = [
      'Date,Description,Amount,Type',
      '03/02/2026,Coffee,4.50,Debit',
      '03/13/2026,Salary,2000.00,Credit',
      '03/14/2026,Rent,950.00,Debit',
    ].join('\n');
    const result = read(text);
    expect(result.csv?.mapping).toMatchObject({ amountColumn: 2, indicatorColumn: 3 });
    expect(rowsOf(result)).toEqual([
      ['2026-03-02', -4.5, 'Coffee'],
      ['2026-03-13', 2000, 'Salary'],
      ['2026-03-14', -950, 'Rent'],
    ]);
    expect(choice(result, 'sign')).toMatchObject({
      chosen: 'indicator',
      answer: 'mapping',
      needsAnswer: false,
      evidence: "Amounts are unsigned; column 'Type' says debit or credit",
    });
  });

  it('a Mint export: debits leave the account', () => {
    const result = read(fixture('csv/us-mint-transactions.csv'));
    expect(result.csv?.mapping).toMatchObject({ amountColumn: 3, indicatorColumn: 4 });
    expect(rowsOf(result).map(([, amount]) => amount)).toEqual([-6.45, 500, 2150, -87.63, -1200]);
  });

  it('every indicator spelling, any case or accent; an unknown mark is a row error naming it', () => {
    const marks = [
      ['D', 'C'],
      ['DR', 'CR'],
      ['DBIT', 'CRDT'],
      ['S', 'H'],
      ['soll', 'HABEN'],
      ['Débit', 'Crédit'],
      ['Lastschrift', 'Gutschrift'],
      ['Belastung', 'Gutschrift'],
      ['支出', '收入'],
      ['-', '+'],
    ];
    const lines = marks.flatMap(([debit, credit]) => [
      `2026-03-02,Out,1.00,${debit}`,
      `2026-03-02,In,2.00,${credit}`,
    ]);
    const mapping = { ...MAPPING, indicatorColumn: 3 };
    const result = read(
      ['Date,Text,Amount,Mark', ...lines, '2026-03-03,Odd,3.00,X'].join('\n'),
      mapping,
    );
    expect(rowsOf(result).map(([, amount]) => amount)).toEqual(marks.flatMap(() => [-1, 2]));
    expect(errorsOf(result)).toEqual([
      [
        22,
        'The debit/credit mark “X” is neither a debit nor a credit (D/C, DR/CR, DBIT/CRDT, S/H, Soll/Haben, Debit/Credit, Lastschrift/Gutschrift, 支出/收入 or -/+ expected)',
      ],
    ]);
  });

  it('only unsigned amounts, no mark, no debit/credit split: the preview asks rather than guesses', () => {
    const result = read('Date,Text,Amount\n2026-03-02,Coffee,4.50\n2026-03-03,Rent,950.00\n');
    expect(choice(result, 'sign')).toMatchObject({
      chosen: 'signed',
      needsAnswer: true,
      evidence:
        'Every amount is positive and no column says debit or credit: every row would be money in',
    });
    // A running balance that rises by each of them settles it.
    const settled = read(
      'Date,Text,Amount,Balance\n2026-03-02,Interest,4.50,104.50\n2026-03-03,Deposit,950.00,1054.50\n2026-03-04,Gift,20.00,1074.50\n',
    );
    expect(choice(settled, 'sign')?.needsAnswer).toBe(false);
  });

  it('separate debit and credit columns still work; a signed amount says so', () => {
    const result = read(fixture('debit-credit.csv'));
    expect(result.csv?.mapping).toMatchObject({
      debitColumn: 3,
      creditColumn: 4,
      amountColumn: null,
    });
    expect(choice(result, 'sign')).toMatchObject({ chosen: 'debitCredit', needsAnswer: false });
    expect(choice(read(fixture('comma-dot.csv')), 'sign')).toMatchObject({
      chosen: 'signed',
      evidence: 'Amounts carry their sign: 4 of 6 are negative',
    });
  });

  it('a mark column needs one amount column', () => {
    const result = read('Date,Text,Out,In,Mark\n2026-03-02,A,1.00,,D\n', {
      ...MAPPING,
      amountColumn: null,
      debitColumn: 2,
      creditColumn: 3,
      indicatorColumn: 4,
    });
    expect(result.csv?.problem).toBe('A debit/credit column goes with one amount column');
  });
});

describe('date order and decimal separator from all of the file (finding 3)', () => {
  it('a day above 12 on row 300 settles day-month-year for the whole file', () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      i === 299 ? '25/03/2026,Last,-1.00' : `0${1 + (i % 9)}/03/2026,Row ${i},-1.00`,
    );
    const result = read(['Date,Text,Amount', ...lines].join('\n'));
    expect(result.csv?.mapping.dateOrder).toBe('dmy');
    expect(result.statements[0]?.errors).toEqual([]);
    expect(result.statements[0]?.rows[0]?.occurredOn).toBe('2026-03-01');
  });

  it('a decimal comma on row 300 settles the separator for the whole file', () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      i === 299 ? '2026-03-02;Last;-12,50' : `2026-03-02;Row ${i};-1.234`,
    );
    const result = read(['Date;Text;Amount', ...lines].join('\n'));
    expect(result.csv?.mapping.decimalSeparator).toBe(',');
    expect(result.statements[0]?.rows.at(-1)?.amountCents).toBe(-1250n);
    expect(result.statements[0]?.rows[0]?.amountCents).toBe(-123400n);
  });

  it('an open date order is a choice answered in mapping.dateOrder', () => {
    const result = read('Date,Text,Amount\n02/03/2026,A,-1.00\n04/05/2026,B,-2.00\n');
    expect(choice(result, 'dateOrder')).toMatchObject({
      answer: 'mapping.dateOrder',
      needsAnswer: true,
    });
    const answered = read('Date,Text,Amount\n02/03/2026,A,-1.00\n04/05/2026,B,-2.00\n', {
      ...MAPPING,
      dateOrder: 'dmy',
    });
    expect(choice(answered, 'dateOrder')).toMatchObject({ chosen: 'dmy', needsAnswer: false });
    expect(rowsOf(answered).map(([date]) => date)).toEqual(['2026-03-02', '2026-05-04']);
  });
});

describe('a reader that cannot be stalled (finding 4)', () => {
  it('4.8 MB of empty lines is refused by its line count before splitting', () => {
    const start = performance.now();
    expect(() => read('\n'.repeat(4_800_000))).toThrowError(
      new AppError(
        'UNPROCESSABLE',
        'This file has more than 250,000 lines (empty lines included); split it and import each part',
      ),
    );
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('counts \\r\\n, \\r and \\n lines alike: IMPORT_LINES_MAX lines pass, one more does not', () => {
    const body = 'Date,Text,Amount\n2026-03-02,A,-1.00\n';
    expect(read(body + '\r\n'.repeat(IMPORT_LINES_MAX - 2)).statements[0]?.rows).toHaveLength(1);
    expect(() => read(body + '\r'.repeat(IMPORT_LINES_MAX - 1))).toThrowError(AppError);
  });

  it('every cell is cut to IMPORT_FIELD_MAX before anything looks at it', () => {
    const long = 'x'.repeat(2_000_000);
    const result = read(`Date,Text,Amount\n2026-03-02,"${long}",-1.00\n2026-03-03,${long},-2.00\n`);
    expect(result.csv?.sample.flat().every((cell) => cell.length <= IMPORT_FIELD_MAX)).toBe(true);
    expect(result.statements[0]?.rows).toHaveLength(2);
  });

  // Each is about 5 MB; Papa Parse took 9 s on 256 kB of the first (a quadratic rescan), and
  // hours on 5 MB. The bound is generous: the machine is shared; they take well under 1 s.
  const MB5 = 5 * 1024 * 1024;
  const fill = (unit: string, size = MB5) => unit.repeat(Math.floor(size / unit.length));
  const wideRow = `${Array.from({ length: 200 }, (_, i) => `"${'w'.repeat(20)}${i}"`).join(',')}\n`;
  const realisticRow = (i: number) =>
    `${String(1 + (i % 28)).padStart(2, '0')}.03.2026;"REWE Markt ${i} sagt ""danke""";DE89370400440532013000;DE98ZZZ09999999999;-${(i % 500) + 1},${String(i % 100).padStart(2, '0')};12345;"${'Verwendungszweck '.repeat(12)}"\n`;
  it.each([
    [
      'misplaced quotes and a long run of spaces',
      () => fill('"a"b', MB5 / 2) + ' '.repeat(MB5 / 2) + ',x',
    ],
    ['one line of commas', () => ','.repeat(MB5)],
    ['one quoted field of doubled quotes', () => `"${fill('""', MB5 - 2)}"`],
    ['a quote never closed', () => `"${fill('a,b\n', 900_000)}`],
    ['quoted fields with text after the quote', () => fill('"a"b,')],
    ['200 quoted columns per row', () => `Date,Amount\n${fill(wideRow, MB5 / 5)}`],
    ['long cells', () => `Date,Text,Amount\n${fill(`2026-03-01,"${'y'.repeat(5000)}",-1.00\n`)}`],
    [
      '20,000 rows of 7 columns with quotes, IBANs and creditor ids',
      () =>
        'Buchungstag;Verwendungszweck;IBAN;Glaeubiger ID;Betrag;PLZ;Info\n' +
        Array.from({ length: 20_000 }, (_, i) => realisticRow(i)).join(''),
    ],
  ])('%s: read in bounded time', (_name, make) => {
    const text = make();
    const start = performance.now();
    try {
      read(text);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
    }
    expect(performance.now() - start).toBeLessThan(8000);
  });
});

describe('remembered mappings (finding 5) and what is kept', () => {
  it('a mapping stored before indicator columns has none, and reads as before', () => {
    const { indicatorColumn, ...old } = MAPPING;
    void indicatorColumn;
    const result = read(fixture('overlap-january.csv'), old as CsvMapping);
    expect(result.csv?.mapping.indicatorColumn).toBeNull();
    expect(result.csv?.problem).toBeNull();
    expect(rowsOf(result)[1]).toEqual(['2026-01-05', -4.2, 'Corner Coffee']);
    expect(choice(result, 'columns')).toMatchObject({ chosen: 'given', needsAnswer: false });
    expect(choice(result, 'sign')).toMatchObject({ chosen: 'signed', needsAnswer: false });
  });

  it.each([
    [',', 'Date,Text,Amount\n2026-03-02,"Shop, Inc.",-1.50\n'],
    [';', 'Date;Text;Amount\n2026-03-02;Shop; Inc.;-1,50\n'.replace('Shop; Inc.', '"Shop; Inc."')],
    ['\t', 'Date\tText\tAmount\n2026-03-02\tShop\t-1.50\n'],
    ['|', 'Date|Text|Amount\n2026-03-02|Shop|-1.50\n'],
  ])('delimiter %j', (delimiter, text) => {
    const result = read(text);
    expect(result.csv?.mapping.delimiter).toBe(delimiter);
    expect(result.statements[0]?.rows[0]?.amountCents).toBe(-150n);
  });

  it('a byte order mark is dropped; quoted fields keep line breaks and doubled quotes', () => {
    const result = read(
      '\uFEFFDate,Text,Amount\n2026-03-02,"Rent ""March""\nflat 2",-900.00\n2026-03-03,B,-1.00\n',
    );
    expect(result.csv?.headers).toEqual(['Date', 'Text', 'Amount']);
    expect(rowsOf(result)).toEqual([
      ['2026-03-02', -900, 'Rent "March" flat 2'],
      ['2026-03-03', -1, 'B'],
    ]);
    // Lines are where each record starts in the file.
    expect(result.statements[0]?.rows.map((row) => row.line)).toEqual([2, 4]);
  });

  it('payee, category and reference columns; a file without header', () => {
    const result = read(fixture('semicolon-decimal-comma.csv'));
    expect(result.statements[0]?.rows[1]).toMatchObject({
      payee: 'Bäckerei Müller',
      categoryName: 'Coffee',
      description: 'Kartenzahlung',
    });
    const given = read('2026-03-02,X-1,Shop,-1.00\n', {
      ...MAPPING,
      hasHeader: false,
      referenceColumn: 1,
      payeeColumn: 2,
      descriptionColumn: null,
      amountColumn: 3,
    });
    expect(given.statements[0]?.rows[0]).toMatchObject({
      bankRef: 'X-1',
      payee: 'Shop',
      description: 'Shop',
      line: 1,
    });
  });

  it('a cut-off file keeps its readable rows and names the broken one', () => {
    const result = read(fixture('truncated.csv'));
    expect(rowsOf(result)).toHaveLength(2);
    expect(errorsOf(result)).toEqual([[4, 'A quoted field is not closed: the file looks cut off']]);
  });
});

describe('bank layouts of tests/fixtures/imports/csv (read as proposed, against their sidecars)', () => {
  const names = readdirSync(`${FIXTURES}csv`).filter((name) => name.endsWith('.csv'));

  it('holds at least 8 banks from at least 4 countries', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(new Set(names.map((name) => name.slice(0, 2))).size).toBeGreaterThanOrEqual(4);
  });

  it.each(names)('%s', (name) => {
    const expected = JSON.parse(readFileSync(`${FIXTURES}csv/${name}.expected.json`, 'utf8')) as {
      mapping: CsvMapping | null;
      errors: number;
      statements: { rows: Record<string, unknown>[] }[];
    };
    const result = read(fixture(`csv/${name}`), expected.mapping ?? undefined);
    const rows = (result.statements[0]?.rows ?? []).map((row) => ({
      date: row.occurredOn,
      amount: (Number(row.amountCents) / 100).toFixed(2),
      payee: row.payee,
      description: row.description,
      bankRef: row.bankRef,
    }));
    expect(rows).toEqual(
      expected.statements[0]?.rows.map((row) => ({
        ...row,
        amount: Number(row.amount).toFixed(2),
      })),
    );
    expect(result.statements[0]?.errors).toHaveLength(expected.errors);
    expect(result.choices.filter((c) => c.needsAnswer).map((c) => c.evidence)).toEqual([]);
  });
});

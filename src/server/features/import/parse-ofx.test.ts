import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { IMPORT_ROWS_MAX, IMPORT_STATEMENTS_MAX } from '../../../shared/limits.js';
import { decodeText } from './markup-text.js';
import { OFX_MESSAGES, isOfx, parseOfx } from './parse-ofx.js';
import type { ParsedRow, ReadOptions } from './parsed-file.js';
import { cpuMs } from '../../../../tests/helpers/cpu-time.js';

// The OFX/QFX reader (docs/import.md#ofx-and-qfx): one linear pass over SGML 1.x and XML 2.x,
// every statement of the file, NAME as payee and MEMO as description, CDATA, entities, and
// inputs that stalled the old regex-based reader for tens of seconds.

const options: ReadOptions = { reading: {}, today: '2026-11-25' };
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url), 'utf8');

const HEADER = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

`;

/** An SGML OFX 1.x file with one checking statement holding these STMTTRN blocks. */
const sgml = (transactions: string, curdef = 'USD') => `${HEADER}<OFX>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<STMTRS>
<CURDEF>${curdef}
<BANKACCTFROM>
<BANKID>121000248
<ACCTID>4455661234
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
${transactions}
</BANKTRANLIST>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;

/** One SGML transaction; `fields` replaces or adds leaves (SGML, no end tags). */
const trn = (fields: string, amount = '-12.50') =>
  `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20260301\n<TRNAMT>${amount}\n<FITID>T1\n${fields}\n</STMTTRN>`;

/** An XML OFX 2.x file with one statement holding these STMTTRN blocks. */
const xml = (transactions: string) => `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID>
<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>EUR</CURDEF>
<BANKACCTFROM><BANKID>30004</BANKID><ACCTID>00012345678</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST>${transactions}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const xtrn = (fields: string, amount = '-12.50') =>
  `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260301</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>X1</FITID>${fields}</STMTTRN>`;

const rowsOf = (text: string) => parseOfx(text, options).statements.flatMap((s) => s.rows);
const errorsOf = (text: string) => parseOfx(text, options).statements.flatMap((s) => s.errors);
const only = (text: string): ParsedRow => {
  const rows = rowsOf(text);
  expect(rows).toHaveLength(1);
  return rows[0] as ParsedRow;
};

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') return error.message;
    throw error;
  }
  return 'accepted';
}

describe('OFX: the two forms', () => {
  it('reads OFX 1.x SGML: FITID, NAME as payee, MEMO as description, the account', () => {
    const { statements, unsupported, format } = parseOfx(fixture('statement-v1.ofx'), options);
    expect(format).toBe('ofx');
    expect(unsupported).toEqual([]);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement).toMatchObject({
      index: 0,
      label: 'Checking ••7788 (USD)',
      accountRef: '4455667788',
      currency: 'USD',
      errors: [],
    });
    expect(
      statement?.rows.map((r) => [r.line, r.occurredOn, r.amountCents, r.payee, r.description]),
    ).toEqual([
      [1, '2026-07-01', 150000n, 'PAYROLL DEPOSIT', 'ACME CORP'],
      [2, '2026-07-03', -4217n, 'SHELL OIL 5512', 'SHELL OIL 5512'],
      [3, '2026-07-03', -350n, 'BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE'],
      [4, '2026-07-03', -350n, 'BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE'],
      [5, '2026-07-10', -12000n, 'BARNES & NOBLE', 'BARNES & NOBLE'],
    ]);
    expect(statement?.rows.map((r) => r.bankRef)).toEqual([
      '202607010001',
      '202607030002',
      '202607030003',
      '202607030004',
      '202607100005',
    ]);
    expect(statement?.rows.every((r) => r.currency === 'USD' && r.writtenAmount === null)).toBe(
      true,
    );
  });

  it('reads OFX 2.x XML: leaves with end tags, entities, the date as written', () => {
    const { statements } = parseOfx(fixture('statement-v2.ofx'), options);
    expect(statements[0]?.label).toBe('Checking ••5678 (EUR)');
    expect(
      statements[0]?.rows.map((r) => [r.occurredOn, r.amountCents, r.payee, r.description]),
    ).toEqual([
      ['2026-08-01', 210000n, 'SALAIRE AOUT', 'SALAIRE AOUT'],
      ['2026-08-04', -1890n, 'Café & Crème', 'CB 0408'],
      ['2026-08-12', -73500n, 'LOYER AOUT', 'LOYER AOUT'],
    ]);
  });

  it('reads a QFX (Quicken) file like OFX', () => {
    const { statements } = parseOfx(fixture('ofx/checking.qfx'), options);
    expect(statements[0]?.label).toBe('Checking ••5123 (USD)');
    expect(statements[0]?.rows.map((r) => [r.occurredOn, r.payee])).toEqual([
      ['2026-01-02', "TRADER JOE'S #552"],
      ['2026-01-09', 'CHECK 2041'],
      ['2026-01-15', 'ACME PAYROLL'],
      // 23:00 at UTC-5 is already February in UTC: the calendar date as written is kept.
      ['2026-01-31', 'STREAMING SVC AT&T'],
    ]);
  });

  it('recognises OFX and QFX by their first 4 KB only', () => {
    expect(isOfx(fixture('statement-v1.ofx'))).toBe(true);
    expect(isOfx(fixture('statement-v2.ofx'))).toBe(true);
    expect(isOfx(`\uFEFF  ofxheader : 100\nDATA:OFXSGML`)).toBe(true);
    expect(isOfx('<OFX><SIGNONMSGSRSV1>')).toBe(true);
    expect(isOfx('Date,Amount,Description\n2026-01-01,1.00,<OFX>')).toBe(true);
    expect(isOfx('Date,Amount,Description\n2026-01-01,1.00,Coffee')).toBe(false);
    expect(isOfx(`${'x'.repeat(5000)}<OFX>`)).toBe(false);
    expect(isOfx('!Type:Bank\nD01/02/2026\n^')).toBe(false);
    const huge = `<?xml version="1.0"?>${'<'.repeat(5_000_000)}`;
    expect(cpuMs(() => expect(isOfx(huge)).toBe(false))).toBeLessThan(1_000);
  });
});

describe('OFX: text', () => {
  it('takes CDATA sections as text, as written', () => {
    const row = only(
      xml(xtrn('<NAME><![CDATA[Café & Co]]></NAME><MEMO><![CDATA[a &amp; <b>]]></MEMO>')),
    );
    expect(row.payee).toBe('Café & Co');
    expect(row.description).toBe('a &amp; <b>');
    const sgmlRow = only(sgml(trn('<NAME><![CDATA[Tom & Jerry]]>\n<MEMO>x')));
    expect(sgmlRow.payee).toBe('Tom & Jerry');
  });

  it('decodes the XML entities, &nbsp; and numeric references; keeps unknown names', () => {
    const row = only(
      sgml(
        trn(
          '<NAME>A&amp;B &lt;C&gt; &quot;D&quot; &apos;E&apos;&nbsp;F &#233;&#xE9;&#150;&foo; & G',
        ),
      ),
    );
    expect(row.payee).toBe('A&B <C> "D" \'E\' F éé–&foo; & G');
  });

  it('drops references to what is not text: beyond Unicode, surrogates, NUL, controls', () => {
    const name =
      'Caf&#x110000;e&#xD800;&#xDFFF; &#0;B&#1;a&#x1F;r&#127;&#x7f; &#99999999; &#xFFFE;ok';
    let row: ParsedRow | undefined;
    expect(() => (row = only(sgml(trn(`<NAME>${name}\n<MEMO>${name}`))))).not.toThrow();
    expect(row?.payee).toBe('Cafe Bar ok');
    expect(row?.description).toBe('Cafe Bar ok');
    for (const text of [row?.payee ?? '', row?.description ?? '']) {
      expect([...text].every((c) => c >= ' ' && c !== '\u007f')).toBe(true);
    }
    // The same in the XML form, and raw control characters in the file.
    const xmlRow = only(xml(xtrn('<NAME>a&#0;b\u0001c\u0008d</NAME>')));
    expect(xmlRow.payee).toBe('abcd');
  });

  it('never puts NUL into a text (the old reader did, and the commit then failed with a 500)', () => {
    const row = only(sgml(trn('<NAME>Shop&#0;\n<MEMO>a&#0;b&#x0;c')));
    expect(`${row.payee}${row.description}`.includes('\u0000')).toBe(false);
    expect(row).toMatchObject({ payee: 'Shop', description: 'abc' });
  });

  it('does not fail on a reference beyond Unicode (the old reader answered 500)', () => {
    expect(only(sgml(trn('<NAME>A&#x110000;B'))).payee).toBe('AB');
  });

  it('reads a run of entities in linear time', () => {
    expect(decodeText('&'.repeat(1000))).toBe('&'.repeat(1000));
    expect(decodeText('&amp;'.repeat(200))).toBe('&'.repeat(200));
    const row = only(sgml(trn(`<NAME>${'&#'.repeat(40_000)}`)));
    expect(row.payee).toBe('&#'.repeat(50));
  });
});

describe('OFX: payee and description', () => {
  it.each([
    ['NAME and MEMO', '<NAME>SHELL 5512\n<MEMO>Fuel 40L', 'SHELL 5512', 'Fuel 40L'],
    ['NAME only', '<NAME>SHELL 5512', 'SHELL 5512', 'SHELL 5512'],
    ['MEMO only', '<MEMO>Card fee', '', 'Card fee'],
    [
      'PAYEE aggregate',
      '<PAYEE>\n<NAME>City Water\n<ADDR1>1 Main St\n</PAYEE>\n<MEMO>Bill 03',
      'City Water',
      'Bill 03',
    ],
    ['neither', '<CHECKNUM>1042', '', ''],
  ])('%s', (_, fields, payee, description) => {
    expect(only(sgml(trn(fields)))).toMatchObject({ payee, description });
  });

  it('keeps an empty SGML leaf from swallowing the next ones', () => {
    expect(only(sgml(trn('<MEMO>\n<NAME>Grocer')))).toMatchObject({
      payee: 'Grocer',
      description: 'Grocer',
    });
  });
});

describe('OFX: statements', () => {
  it('lists each statement of a file, rows numbered across the file', () => {
    const { statements, unsupported } = parseOfx(fixture('ofx/two-statements.ofx'), options);
    expect(unsupported).toEqual([]);
    expect(
      statements.map((s) => ({
        index: s.index,
        label: s.label,
        accountRef: s.accountRef,
        currency: s.currency,
        lines: s.rows.map((r) => r.line),
        currencies: [...new Set(s.rows.map((r) => r.currency))],
      })),
    ).toEqual([
      {
        index: 0,
        label: 'Checking ••1234 (CNY)',
        accountRef: '6217000010001234',
        currency: 'CNY',
        lines: [1, 2, 3],
        currencies: ['CNY'],
      },
      {
        index: 1,
        label: 'Credit card ••9876 (USD)',
        accountRef: '4000123412349876',
        currency: 'USD',
        lines: [4, 5, 6],
        currencies: ['USD'],
      },
    ]);
    expect(statements[0]?.rows[0]).toMatchObject({
      payee: '上海示例科技有限公司',
      description: '工资 2026年3月',
      amountCents: 1250000n,
    });
  });

  it('refuses an investment-only file, saying why and what can be imported', () => {
    const message = refusal(() => parseOfx(fixture('ofx/investment-only.ofx'), options));
    expect(message).toBe(OFX_MESSAGES.nothing([OFX_MESSAGES.investment()]));
    expect(message).toContain('Investment statements cannot be imported');
    expect(message).toContain('credit card');
  });

  it('lists an investment statement beside a bank one as unsupported', () => {
    const { statements, unsupported } = parseOfx(fixture('ofx/bank-and-investment.ofx'), options);
    expect(unsupported).toEqual([
      { label: 'Investment account ••1234 (USD)', reason: OFX_MESSAGES.investment() },
    ]);
    // The investment account's own bank transaction (INVBANKTRAN) is not a row.
    expect(statements).toHaveLength(1);
    expect(statements[0]?.label).toBe('Money market ••6655 (USD)');
    expect(statements[0]?.rows.map((r) => r.bankRef)).toEqual([
      'MM-20260430-INT',
      'MM-20260415-XFR',
    ]);
  });

  it('refuses a file without any statement', () => {
    const signOnOnly = `${HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid</STATUS></SONRS></SIGNONMSGSRSV1></OFX>`;
    expect(refusal(() => parseOfx(signOnOnly, options))).toBe(
      OFX_MESSAGES.noStatement('code 15500, Signon invalid'),
    );
    expect(refusal(() => parseOfx(`${HEADER}<OFX></OFX>`, options))).toBe(
      OFX_MESSAGES.noStatement(null),
    );
  });

  it('turns the rows of a statement the bank marked as failed into row errors', () => {
    const failed = sgml(trn('<NAME>X')).replace(
      '<SEVERITY>INFO',
      '<SEVERITY>ERROR\n<MESSAGE>Statement unavailable',
    );
    const statement = parseOfx(failed, options).statements[0];
    expect(statement?.rows).toEqual([]);
    expect(statement?.errors).toEqual([
      {
        line: 1,
        reason: OFX_MESSAGES.failed('code 0, Statement unavailable'),
        text: 'DEBIT 20260301 -12.50 T1 X',
      },
    ]);
  });

  it('lists a statement response that is only an error, beside a good one', () => {
    const text = sgml(trn('<NAME>X')).replace(
      '</BANKMSGSRSV1>',
      '<STMTTRNRS><TRNUID>2<STATUS><CODE>2000<SEVERITY>ERROR</STATUS></STMTTRNRS></BANKMSGSRSV1>',
    );
    const { statements, unsupported } = parseOfx(text, options);
    expect(statements).toHaveLength(1);
    expect(unsupported).toEqual([
      { label: 'Statement response 1', reason: OFX_MESSAGES.errorResponse('code 2000') },
    ]);
  });

  it(`refuses more than ${IMPORT_STATEMENTS_MAX} statements`, () => {
    const one = '<STMTTRNRS><STMTRS><CURDEF>USD</STMTRS></STMTTRNRS>';
    const text = `${HEADER}<OFX><BANKMSGSRSV1>${one.repeat(IMPORT_STATEMENTS_MAX + 1)}</BANKMSGSRSV1></OFX>`;
    expect(refusal(() => parseOfx(text, options))).toBe(OFX_MESSAGES.tooManyStatements);
  });

  it(`refuses more than ${IMPORT_ROWS_MAX} transactions`, () => {
    const text = sgml(trn('<NAME>x').repeat(IMPORT_ROWS_MAX + 1));
    expect(refusal(() => parseOfx(text, options))).toMatch(/more than 20000 rows/);
  });
});

describe('OFX: amounts, dates, currencies', () => {
  it.each([
    ['-12,50', -1250n, null],
    ['+1234,5', 123450n, null],
    ['-12.50', -1250n, null],
    ['+12.500', 1250n, null],
    ['115.8331', 11583n, '115.8331'],
    ['-0,125', -12n, '-0,125'],
    ['1.234,56', 123456n, null],
  ])('TRNAMT %s', (amount, cents, written) => {
    expect(only(sgml(trn('<NAME>x', amount)))).toMatchObject({
      amountCents: cents,
      writtenAmount: written,
    });
  });

  it('makes row errors of a zero, missing or unreadable amount and of a bad date', () => {
    const text = sgml(
      [
        trn('<NAME>zero', '0.00'),
        '<STMTTRN>\n<DTPOSTED>20260301\n<NAME>no amount\n</STMTTRN>',
        trn('<NAME>letters', 'abc'),
        '<STMTTRN>\n<DTPOSTED>20261301\n<TRNAMT>1\n</STMTTRN>',
        '<STMTTRN>\n<TRNAMT>1\n<NAME>no date\n</STMTTRN>',
        '<STMTTRN>\n<DTUSER>20260302\n<TRNAMT>1\n</STMTTRN>',
      ].join('\n'),
    );
    const statement = parseOfx(text, options).statements[0];
    expect(statement?.errors.map((e) => [e.line, e.reason])).toEqual([
      [1, OFX_MESSAGES.zero],
      [2, OFX_MESSAGES.noAmount],
      [3, 'The amount “abc” is not a number'],
      [4, OFX_MESSAGES.notDate('20261301')],
      [5, OFX_MESSAGES.noDate],
    ]);
    // DTUSER stands in for a missing DTPOSTED.
    expect(statement?.rows.map((r) => [r.line, r.occurredOn])).toEqual([[6, '2026-03-02']]);
  });

  it('takes the calendar date as written, whatever the time zone', () => {
    expect(
      only(sgml(trn('<NAME>x').replace('20260301', '20260331230000.000[-5:EST]'))),
    ).toMatchObject({
      occurredOn: '2026-03-31',
    });
    expect(
      only(sgml(trn('<NAME>x').replace('20260301', '20260401003000[+14:LINT]'))),
    ).toMatchObject({
      occurredOn: '2026-04-01',
    });
  });

  it("keeps each transaction's currency: CURRENCY's, else the statement's", () => {
    const { statements } = parseOfx(fixture('ofx/cdata-v2.ofx'), options);
    expect(statements[0]?.rows.map((r) => [r.payee, r.description, r.currency])).toEqual([
      ['Café & Co', 'CB 03/05 <Paris 11e>', 'EUR'],
      ['Bézier & Fils', 'Quincaillerie', 'EUR'],
      // CURRENCY: the amount is in US dollars.
      ['NYC MUSEUM STORE', 'NYC MUSEUM STORE', 'USD'],
      // ORIGCURRENCY: the amount was converted to the statement's euros.
      ['LONDON UNDERGROUND', '35.00 GBP', 'EUR'],
    ]);
  });
});

describe('OFX: truncated files', () => {
  it('reports the transaction the file is cut in', () => {
    const statement = parseOfx(fixture('truncated.ofx'), options).statements[0];
    expect(statement?.rows.map((r) => r.line)).toEqual([1]);
    expect(statement?.errors).toEqual([
      { line: 2, reason: OFX_MESSAGES.cutOff, text: 'DEBIT 20260302' },
    ]);
  });

  it('never imports an amount the file is cut in', () => {
    const text = `${HEADER}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
<STMTTRN><DTPOSTED>20260301<TRNAMT>-10.00<FITID>A<NAME>whole</STMTTRN>
<STMTTRN><DTPOSTED>20260302<NAME>cut<FITID>B<TRNAMT>-1234`;
    const statement = parseOfx(text, options).statements[0];
    expect(statement?.rows.map((r) => r.bankRef)).toEqual(['A']);
    expect(statement?.errors.map((e) => e.reason)).toEqual([OFX_MESSAGES.cutOff]);
  });

  it('reads a transaction without its end tag up to the next one', () => {
    const text = sgml(
      '<STMTTRN>\n<DTPOSTED>20260301\n<TRNAMT>-1\n<NAME>a\n<STMTTRN>\n<DTPOSTED>20260302\n<TRNAMT>-2\n<NAME>b\n</STMTTRN>',
    );
    expect(rowsOf(text).map((r) => [r.line, r.payee])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(errorsOf(text)).toEqual([]);
  });
});

describe('OFX: inputs that stalled the old reader', () => {
  // The old reader stripped tags with /<[^>]*>/g: on 80,000 '<' it took 21 s (2 to 9 s of CPU
  // here). Each input here is read in well under 100 ms; the bound is generous so a busy
  // machine cannot fail it.
  const inside = (junk: string) => sgml(trn(`<NAME>Coffee\n<MEMO>${junk}`));
  it.each([
    ['80,000 "<"', inside('<'.repeat(80_000))],
    ['80,000 "<a"', inside('<a'.repeat(80_000))],
    ['80,000 "</"', inside('</'.repeat(80_000))],
    ['80,000 "&"', inside('&'.repeat(80_000))],
    ['40,000 "<!--"', inside('<!--'.repeat(40_000))],
    ['30,000 "<![CDATA["', inside('<![CDATA['.repeat(30_000))],
    ['80,000 "<?"', inside('<?'.repeat(80_000))],
    ['an 80,000-letter tag name', inside(`<${'A'.repeat(80_000)}>x`)],
    ['an unclosed 160,000-character tag', inside(`<NAME ${'<x'.repeat(80_000)}`)],
    ['40,000 nested aggregates', inside('<AGG>\n'.repeat(40_000))],
    ['80,000 white-space characters', inside(`x${' '.repeat(80_000)}y`)],
  ])('%s', (_, text) => {
    let read: ReturnType<typeof parseOfx> | undefined;
    expect(cpuMs(() => (read = parseOfx(text, options)))).toBeLessThan(1_000);
    const statement = read?.statements[0];
    // The transaction is read, or (a comment or CDATA never closed runs to the end of the
    // file, over its end tag) reported as cut off: never anything else.
    expect([...(statement?.rows ?? []), ...(statement?.errors ?? [])]).toHaveLength(1);
    expect(statement?.rows.map((r) => r.payee) ?? []).toEqual(
      statement?.errors.length ? [] : ['Coffee'],
    );
  });

  it('reads 5 MB of the worst shapes in bounded time', () => {
    const five = inside('<a'.repeat(2_600_000));
    expect(five.length).toBeGreaterThan(5_000_000);
    expect(cpuMs(() => rowsOf(five))).toBeLessThan(5_000);
  });
});

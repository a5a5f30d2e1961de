import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import {
  IMPORT_FILE_BYTES_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_STATEMENTS_MAX,
} from '../../../shared/limits.js';
import { CAMT_MESSAGES, isCamt, parseCamt } from './parse-camt.js';
import { parseBankFile } from './parse-file.js';
import type { ParsedRow, ParsedStatement, ReadOptions } from './parsed-file.js';
import { cpuMs } from '../../../../tests/helpers/cpu-time.js';

// ISO 20022 camt.053 statements and camt.052 reports (docs/import.md#camt053-and-camt052):
// every version, entities and DTDs off, booking vs value date, counterparty per direction,
// remittance text, reversals, pending entries, bank ids, files cut short and hostile XML.

const options: ReadOptions = { reading: {}, today: '2026-11-25' };
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url), 'utf8');

const OWN_IBAN = 'DE10370502990123456789';

const doc = (version: string, body: string, root = 'BkToCstmrStmt') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${version}">
<${root}><GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-03-07T04:00:00</CreDtTm></GrpHdr>
${body}
</${root}>
</Document>
`;

const statement = (
  entries: string,
  { tag = 'Stmt', iban = OWN_IBAN, ccy = 'EUR', balances = '' } = {},
) =>
  `<${tag}><Id>S-1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${ccy}</Ccy></Acct>${balances}${entries}</${tag}>`;

const balance = (code: string, amount: string, indicator = 'CRDT') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>`;

interface EntryShape {
  amount?: string;
  currency?: string;
  indicator?: string;
  reversal?: boolean;
  status?: string;
  booking?: string;
  value?: string;
  ref?: string;
  ntryRef?: string;
  details?: string;
  info?: string;
}

const entry = ({
  amount = '12.50',
  currency = 'EUR',
  indicator = 'DBIT',
  reversal = false,
  status = '<Sts>BOOK</Sts>',
  booking = '<BookgDt><Dt>2026-03-02</Dt></BookgDt>',
  value = '<ValDt><Dt>2026-03-01</Dt></ValDt>',
  ref = '<AcctSvcrRef>REF-1</AcctSvcrRef>',
  ntryRef = '',
  details = '',
  info = '',
}: EntryShape = {}) =>
  `<Ntry>${ntryRef}<Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>${
    reversal ? '<RvslInd>true</RvslInd>' : ''
  }${status}${booking}${value}${ref}${details}${info ? `<AddtlNtryInf>${info}</AddtlNtryInf>` : ''}</Ntry>`;

interface TxShape {
  creditor?: string;
  debtor?: string;
  creditorIban?: string;
  debtorIban?: string;
  lines?: string[];
  endToEnd?: string;
  servicerRef?: string;
  /** camt.053.001.08+: names under Pty. */
  party?: boolean;
  extra?: string;
}

const tx = ({
  creditor,
  debtor,
  creditorIban,
  debtorIban,
  lines = [],
  endToEnd,
  servicerRef,
  party = false,
  extra = '',
}: TxShape) => {
  const name = (value: string) => (party ? `<Pty><Nm>${value}</Nm></Pty>` : `<Nm>${value}</Nm>`);
  const account = (iban: string) => `<Id><IBAN>${iban}</IBAN></Id>`;
  const refs =
    endToEnd !== undefined || servicerRef !== undefined
      ? `<Refs>${servicerRef ? `<AcctSvcrRef>${servicerRef}</AcctSvcrRef>` : ''}${
          endToEnd ? `<EndToEndId>${endToEnd}</EndToEndId>` : ''
        }</Refs>`
      : '';
  return `<TxDtls>${refs}<RltdPties>${debtor ? `<Dbtr>${name(debtor)}</Dbtr>` : ''}${
    debtorIban ? `<DbtrAcct>${account(debtorIban)}</DbtrAcct>` : ''
  }${creditor ? `<Cdtr>${name(creditor)}</Cdtr>` : ''}${
    creditorIban ? `<CdtrAcct>${account(creditorIban)}</CdtrAcct>` : ''
  }</RltdPties>${
    lines.length ? `<RmtInf>${lines.map((l) => `<Ustrd>${l}</Ustrd>`).join('')}</RmtInf>` : ''
  }${extra}</TxDtls>`;
};

const details = (...txs: string[]) => `<NtryDtls>${txs.join('')}</NtryDtls>`;

const read = (text: string) => parseCamt(text, options);
const rowsOf = (text: string) => read(text).statements.flatMap((s) => s.rows);
const only = (text: string): ParsedRow => {
  const rows = rowsOf(text);
  expect(rows).toHaveLength(1);
  return rows[0] as ParsedRow;
};
const one053 = (...entries: string[]) => doc('camt.053.001.02', statement(entries.join('')));

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') return error.message;
    throw error;
  }
  return 'accepted';
}

const summary = (s: ParsedStatement) =>
  s.rows.map((r) => [r.line, r.occurredOn, r.amountCents, r.payee, r.description, r.bankRef]);

describe('camt: versions and statements', () => {
  it('reads a camt.053.001.02 statement: label, currency, rows', () => {
    const text = one053(
      entry({
        amount: '2850.00',
        indicator: 'CRDT',
        ref: '<AcctSvcrRef>A-1</AcctSvcrRef>',
        details: details(
          tx({
            debtor: 'Muster GmbH',
            creditor: 'Jana Beispiel',
            creditorIban: OWN_IBAN,
            lines: ['LOHN 03/2026'],
          }),
        ),
      }),
      entry({
        amount: '64.90',
        ref: '<AcctSvcrRef>A-2</AcctSvcrRef>',
        details: details(
          tx({
            debtor: 'Jana Beispiel',
            creditor: 'Stadtwerke',
            lines: ['Abschlag Strom', 'Vertragskonto 4711'],
          }),
        ),
      }),
    );
    expect(isCamt(text)).toBe(true);
    const parsed = read(text);
    expect(parsed).toMatchObject({ format: 'camt', unsupported: [], choices: [], csv: null });
    const [s] = parsed.statements;
    expect(s).toMatchObject({
      index: 0,
      label: 'DE10 3705 0299 0123 4567 89 (EUR)',
      accountRef: OWN_IBAN,
      currency: 'EUR',
      errors: [],
    });
    expect(summary(s as ParsedStatement)).toEqual([
      [1, '2026-03-02', 285000n, 'Muster GmbH', 'LOHN 03/2026', 'A-1'],
      [2, '2026-03-02', -6490n, 'Stadtwerke', 'Abschlag Strom Vertragskonto 4711', 'A-2'],
    ]);
    expect(s?.rows.every((r) => r.currency === 'EUR' && r.writtenAmount === null)).toBe(true);
  });

  it('reads camt.053.001.08 (Sts/Cd, Pty/Nm) with a namespace prefix', () => {
    const text = `<?xml version="1.0"?>
<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><ns2:BkToCstmrStmt>
<ns2:GrpHdr><ns2:MsgId>M</ns2:MsgId></ns2:GrpHdr>
<ns2:Stmt><ns2:Id>S</ns2:Id><ns2:Acct><ns2:Id><ns2:Othr><ns2:Id>0001234567</ns2:Id></ns2:Othr></ns2:Id><ns2:Ccy>CHF</ns2:Ccy></ns2:Acct>
<ns2:Ntry><ns2:Amt Ccy="CHF">42.50</ns2:Amt><ns2:CdtDbtInd>DBIT</ns2:CdtDbtInd><ns2:Sts><ns2:Cd>BOOK</ns2:Cd></ns2:Sts>
<ns2:BookgDt><ns2:Dt>2026-03-02</ns2:Dt></ns2:BookgDt><ns2:AcctSvcrRef>R-8</ns2:AcctSvcrRef>
<ns2:NtryDtls><ns2:TxDtls><ns2:RltdPties><ns2:Cdtr><ns2:Pty><ns2:Nm>bol.com b.v.</ns2:Nm></ns2:Pty></ns2:Cdtr></ns2:RltdPties>
<ns2:RmtInf><ns2:Ustrd>bestelling 881</ns2:Ustrd></ns2:RmtInf></ns2:TxDtls></ns2:NtryDtls></ns2:Ntry>
</ns2:Stmt></ns2:BkToCstmrStmt></ns2:Document>`;
    expect(isCamt(text)).toBe(true);
    const [s] = read(text).statements;
    expect(s).toMatchObject({ label: 'Account 0001234567 (CHF)', accountRef: '0001234567' });
    expect(summary(s as ParsedStatement)).toEqual([
      [1, '2026-03-02', -4250n, 'bol.com b.v.', 'bestelling 881', 'R-8'],
    ]);
    expect(s?.rows[0]?.currency).toBe('CHF');
  });

  it.each(['camt.053.001.03', 'camt.053.001.04', 'camt.053.001.06', 'camt.053.001.10'])(
    'ignores the version of %s',
    (version) => {
      expect(rowsOf(doc(version, statement(entry())))).toHaveLength(1);
    },
  );

  it('reads a camt.052 report: each Rpt a statement, pending entries left out', () => {
    const text = doc(
      'camt.052.001.02',
      [
        statement(entry({ ref: '<AcctSvcrRef>B-1</AcctSvcrRef>' }), { tag: 'Rpt' }),
        statement(
          [
            entry({ amount: '5.00', status: '<Sts>PDNG</Sts>' }),
            entry({ amount: '6.00', status: '<Sts>INFO</Sts>' }),
            entry({ amount: '7.00', ref: '<AcctSvcrRef>B-4</AcctSvcrRef>', indicator: 'CRDT' }),
          ].join(''),
          { tag: 'Rpt', iban: 'NL20INGB0001234567', ccy: 'USD' },
        ),
      ].join(''),
      'BkToCstmrAcctRpt',
    );
    expect(isCamt(text)).toBe(true);
    const { statements } = read(text);
    expect(statements.map((s) => [s.index, s.label, s.currency])).toEqual([
      [0, 'DE10 3705 0299 0123 4567 89 (EUR)', 'EUR'],
      [1, 'NL20 INGB 0001 2345 67 (USD)', 'USD'],
    ]);
    expect(statements.map((s) => s.rows.map((r) => [r.line, r.amountCents]))).toEqual([
      [[1, -1250n]],
      [[4, 700n]],
    ]);
    expect(statements[1]?.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, CAMT_MESSAGES.pending],
      [3, CAMT_MESSAGES.info],
    ]);
  });

  it('reads the two fixture banks end to end through parseBankFile', () => {
    for (const name of ['camt/sparkasse-camt053-001-02.xml', 'camt/ing-nl-camt053-001-08.xml']) {
      const parsed = parseBankFile(
        readFileSync(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url)),
        options,
      );
      expect(parsed.format).toBe('camt');
      expect(parsed.encoding).toBe('utf-8');
      const expected = JSON.parse(fixture(`${name}.expected.json`)) as {
        statements: { label: string; rows: { amount: string; bankRef: string }[] }[];
      };
      expect(parsed.statements.map((s) => s.label)).toEqual(
        expected.statements.map((s) => s.label),
      );
      expect(parsed.statements[0]?.rows.map((r) => r.bankRef)).toEqual(
        expected.statements[0]?.rows.map((r) => r.bankRef),
      );
    }
  });

  it('recognises camt by its first 4 KB only', () => {
    expect(isCamt(fixture('camt/sparkasse-camt053-001-02.xml'))).toBe(true);
    expect(isCamt(fixture('statement-v2.ofx'))).toBe(false);
    expect(isCamt('Date,Text\n2026-01-01,BkToCstmrStmt')).toBe(false);
    expect(isCamt(`<?xml version="1.0"?>${' '.repeat(5000)}<BkToCstmrStmt>`)).toBe(false);
  });

  it('refuses camt.054 notifications and other XML with a clear message', () => {
    expect(refusal(() => read(doc('camt.054.001.02', '<Ntfctn/>', 'BkToCstmrDbtCdtNtfctn')))).toBe(
      CAMT_MESSAGES.notification,
    );
    expect(refusal(() => read('<?xml version="1.0"?><Invoice><Id>1</Id></Invoice>'))).toBe(
      CAMT_MESSAGES.notStatement,
    );
    expect(refusal(() => read(doc('camt.053.001.02', '')))).toBe(CAMT_MESSAGES.noStatement);
  });

  it(`refuses more than ${IMPORT_STATEMENTS_MAX} statements and ${IMPORT_ROWS_MAX} entries`, () => {
    const many = doc('camt.053.001.02', statement(entry()).repeat(IMPORT_STATEMENTS_MAX + 1));
    expect(refusal(() => read(many))).toBe(CAMT_MESSAGES.tooManyStatements);
    const long = one053('<Ntry><Amt Ccy="EUR">1.00</Amt></Ntry>'.repeat(IMPORT_ROWS_MAX + 1));
    expect(refusal(() => read(long))).toMatch(/more than 20000 rows/);
  });
});

describe('camt: amounts and signs', () => {
  it('signs by CdtDbtInd and keeps the entry currency', () => {
    expect(only(one053(entry({ indicator: 'CRDT', amount: '3.10' })))).toMatchObject({
      amountCents: 310n,
    });
    expect(only(one053(entry({ currency: 'USD' })))).toMatchObject({
      amountCents: -1250n,
      currency: 'USD',
    });
  });

  it('rounds an amount below the cent half-even and keeps it as written', () => {
    expect(only(one053(entry({ amount: '115.8350', indicator: 'CRDT' })))).toMatchObject({
      amountCents: 11584n,
      writtenAmount: '115.8350',
    });
    expect(only(one053(entry({ amount: '12.50000' })))).toMatchObject({
      amountCents: -1250n,
      writtenAmount: null,
    });
  });

  it('makes row errors of amounts that are not camt amounts, zero, or unsigned', () => {
    const { statements } = read(
      one053(
        entry({ amount: '12,50' }),
        entry({ amount: '-5.00' }),
        entry({ amount: '0.00' }),
        entry({ indicator: 'XXXX' }),
        entry({ amount: '' }),
      ),
    );
    expect(statements[0]?.rows).toEqual([]);
    expect(statements[0]?.errors.map((e) => [e.line, e.reason])).toEqual([
      [1, CAMT_MESSAGES.notAmount('12,50')],
      [2, CAMT_MESSAGES.notAmount('-5.00')],
      [3, CAMT_MESSAGES.zero],
      [4, CAMT_MESSAGES.noIndicator],
      [5, CAMT_MESSAGES.noAmount],
    ]);
  });

  describe('reversals', () => {
    const returned = entry({
      indicator: 'CRDT',
      reversal: true,
      amount: '64.90',
      ref: '<AcctSvcrRef>RV</AcctSvcrRef>',
      details: details(
        tx({ debtor: 'Jana', debtorIban: OWN_IBAN, creditor: 'Stadtwerke', lines: ['Retoure'] }),
      ),
    });
    const debit = entry({ amount: '64.90', ref: '<AcctSvcrRef>D</AcctSvcrRef>' });
    const withBalances = (closing: string, indicator = 'CRDT') =>
      doc(
        'camt.053.001.02',
        statement(debit + returned, {
          balances: balance('OPBD', '100.00') + balance('CLBD', closing, indicator),
        }),
      );

    it('keep the sign as written when the balances add up that way (ISO 20022)', () => {
      // 100.00 - 64.90 + 64.90 = 100.00: CRDT is the reversal's own direction.
      const rows = rowsOf(withBalances('100.00'));
      expect(rows.map((r) => r.amountCents)).toEqual([-6490n, 6490n]);
      // The parties are the original debit's: the creditor is the counterparty.
      expect(rows[1]?.payee).toBe('Stadtwerke');
    });

    it('flip the sign when the balances add up that way', () => {
      // 100.00 - 64.90 - 64.90 = -29.80: CRDT was the original's direction.
      const rows = rowsOf(withBalances('29.80', 'DBIT'));
      expect(rows.map((r) => r.amountCents)).toEqual([-6490n, -6490n]);
    });

    it('flip the sign when no balances tell', () => {
      expect(rowsOf(one053(returned)).map((r) => r.amountCents)).toEqual([-6490n]);
      expect(
        rowsOf(one053(entry({ indicator: 'DBIT', reversal: true, amount: '1.00' }))).map(
          (r) => r.amountCents,
        ),
      ).toEqual([100n]);
    });
  });
});

describe('camt: dates', () => {
  it('takes the booking date, else the date of DtTm as written, else the value date', () => {
    const text = one053(
      entry(),
      entry({ booking: '<BookgDt><DtTm>2026-03-06T00:15:00+01:00</DtTm></BookgDt>' }),
      entry({ booking: '' }),
      entry({ booking: '', value: '<ValDt><DtTm>2026-03-04T23:59:00-05:00</DtTm></ValDt>' }),
    );
    expect(rowsOf(text).map((r) => r.occurredOn)).toEqual([
      '2026-03-02',
      '2026-03-06',
      '2026-03-01',
      '2026-03-04',
    ]);
  });

  it('makes row errors of missing and impossible dates', () => {
    const { statements } = read(
      one053(
        entry({ booking: '', value: '' }),
        entry({ booking: '<BookgDt><Dt>2026-02-30</Dt></BookgDt>' }),
      ),
    );
    expect(statements[0]?.errors.map((e) => e.reason)).toEqual([
      CAMT_MESSAGES.noDate,
      CAMT_MESSAGES.notDate('2026-02-30'),
    ]);
  });
});

describe('camt: counterparty, text and bank id', () => {
  it('takes the creditor of a debit and the debtor of a credit', () => {
    const both = tx({ debtor: 'Payer Ltd', creditor: 'Payee AG', lines: ['x'] });
    expect(only(one053(entry({ details: details(both) }))).payee).toBe('Payee AG');
    expect(only(one053(entry({ indicator: 'CRDT', details: details(both) }))).payee).toBe(
      'Payer Ltd',
    );
    // .001.08 names under Pty, and the ultimate party when the direct one has no name.
    const party = tx({ debtor: 'Payer Ltd', creditor: 'Payee AG', party: true });
    expect(only(one053(entry({ details: details(party) }))).payee).toBe('Payee AG');
    const ultimate = `<TxDtls><RltdPties><UltmtCdtr><Nm>Shop</Nm></UltmtCdtr></RltdPties></TxDtls>`;
    expect(only(one053(entry({ details: details(ultimate) }))).payee).toBe('Shop');
  });

  it("never takes the party holding this statement's account", () => {
    // A bank that names the parties the other way round: the IBAN settles it.
    const swapped = tx({ debtor: 'Payee AG', creditor: 'Me', creditorIban: OWN_IBAN });
    expect(only(one053(entry({ details: details(swapped) }))).payee).toBe('Payee AG');
  });

  it('joins the remittance lines; falls back to references and entry text', () => {
    const lines = tx({ creditor: 'A', lines: ['Rechnung 4711', 'vom 01.03.2026', 'Kd 99'] });
    expect(only(one053(entry({ details: details(lines) }))).description).toBe(
      'Rechnung 4711 vom 01.03.2026 Kd 99',
    );
    const structured = tx({
      creditor: 'A',
      extra: '',
    }).replace(
      '</TxDtls>',
      '<RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>',
    );
    expect(only(one053(entry({ details: details(structured) }))).description).toBe(
      'RF18539007547034',
    );
    const none = tx({ creditor: 'Kiosk' });
    expect(only(one053(entry({ details: details(none), info: 'KARTENZAHLUNG' })))).toMatchObject({
      payee: 'Kiosk',
      description: 'KARTENZAHLUNG',
    });
    expect(only(one053(entry({ details: details(none) })))).toMatchObject({
      payee: 'Kiosk',
      description: 'Kiosk',
    });
    expect(only(one053(entry({ info: 'ENTGELT' })))).toMatchObject({
      payee: '',
      description: 'ENTGELT',
    });
  });

  it('reads a batch as one row with its total', () => {
    const text = one053(
      entry({
        amount: '150.00',
        indicator: 'CRDT',
        info: 'Sammler 2 Posten',
        details: details(
          tx({ debtor: 'A. de Vries', lines: ['Texel'], endToEnd: 'E1' }),
          tx({ debtor: 'P. Jansen', lines: ['Texel'], endToEnd: 'E2' }),
        ),
      }),
      entry({
        amount: '20.00',
        ref: '<AcctSvcrRef>REF-2</AcctSvcrRef>',
        details: details(tx({ creditor: 'Same Shop' })) + details(tx({ creditor: 'Same Shop' })),
      }),
    );
    expect(rowsOf(text).map((r) => [r.amountCents, r.payee, r.description])).toEqual([
      [15000n, '', 'Sammler 2 Posten'],
      [-2000n, 'Same Shop', 'Batch of 2 transactions'],
    ]);
  });

  it('takes the bank id from AcctSvcrRef; NtryRef or EndToEndId only with date and amount', () => {
    const text = one053(
      entry({ ref: '<AcctSvcrRef>ENTRY-REF</AcctSvcrRef>' }),
      entry({ ref: '', details: details(tx({ creditor: 'A', servicerRef: 'TX-REF' })) }),
      entry({ ref: '', ntryRef: '<NtryRef>7</NtryRef>' }),
      entry({ ref: '', details: details(tx({ creditor: 'A', endToEnd: 'E2E-1' })) }),
      entry({ ref: '<AcctSvcrRef>NONREF</AcctSvcrRef>' }),
      entry({ ref: '', details: details(tx({ creditor: 'A', endToEnd: 'NOTPROVIDED' })) }),
    );
    expect(rowsOf(text).map((r) => r.bankRef)).toEqual([
      'ENTRY-REF',
      'TX-REF',
      '7 2026-03-02 -12.50',
      'E2E-1 2026-03-02 -12.50',
      null,
      null,
    ]);
  });

  it('decodes entities and numeric references, never expands others, reads CDATA', () => {
    const name = 'M&#252;ller &amp; S&#xF6;hne &lt;GmbH&gt; &#0;&#x110000;&#xD800;&foo;';
    const row = only(
      one053(
        entry({
          details: details(tx({ creditor: name, lines: ['<![CDATA[Tom & Jerry &amp; Co]]>'] })),
        }),
      ),
    );
    expect(row.payee).toBe('Müller & Söhne <GmbH> &foo;');
    expect(row.description).toBe('Tom & Jerry &amp; Co');
  });
});

describe('camt: files cut short', () => {
  it('reports the entry the file is cut in and reads the ones before it', () => {
    const whole = one053(
      entry({ ref: '<AcctSvcrRef>FIRST</AcctSvcrRef>' }),
      entry({ ref: '<AcctSvcrRef>SECOND</AcctSvcrRef>', amount: '1234.56' }),
    );
    const cut = whole.slice(0, whole.indexOf('1234.56') + 4);
    const { statements } = read(cut);
    expect(statements[0]?.rows.map((r) => r.bankRef)).toEqual(['FIRST']);
    expect(statements[0]?.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, CAMT_MESSAGES.cutOff],
    ]);
    // Cut after the last entry closed: every entry is whole.
    const late = whole.slice(0, whole.lastIndexOf('</Stmt>') + 3);
    expect(read(late).statements[0]?.errors).toEqual([]);
    expect(read(late).statements[0]?.rows).toHaveLength(2);
  });
});

describe('camt: hostile XML', () => {
  it('refuses an XML bomb (billion laughs) at once, expanding nothing', () => {
    const lol = [
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
      ']>',
    ].join('\n');
    const text = doc('camt.053.001.02', statement(entry({ info: '&lol9;' }))).replace(
      '<Document',
      `${lol}\n<Document`,
    );
    let message = '';
    expect(cpuMs(() => (message = refusal(() => read(text))))).toBeLessThan(200);
    expect(message).toBe(CAMT_MESSAGES.declaration);
  });

  it('refuses an external entity, and never reads a file for an entity reference', () => {
    const xxe = doc('camt.053.001.02', statement(entry({ info: '&xxe;' }))).replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    expect(refusal(() => read(xxe))).toBe(CAMT_MESSAGES.declaration);
    // Without a declaration, a reference to an unknown entity stays text as written.
    const bare = one053(entry({ info: '&xxe; &lol9;' }));
    expect(only(bare).description).toBe('&xxe; &lol9;');
    // A parameter entity or a declaration hidden after the root is refused the same way.
    const late = one053(entry()).replace('</Document>', '<!ENTITY x "y"></Document>');
    expect(refusal(() => read(late))).toBe(CAMT_MESSAGES.declaration);
  });

  it('refuses what is not well-formed; an entry it cannot read is a row error', () => {
    expect(refusal(() => read(one053(entry({ info: 'a < b' }))))).toBe(CAMT_MESSAGES.notWellFormed);
    const deep = entry({ info: `${'<x>'.repeat(200)}${'</x>'.repeat(200)}` });
    const quote = '<Ntry a="1></Ntry>';
    const { statements } = read(
      one053(entry({ ref: '<AcctSvcrRef>OK</AcctSvcrRef>' }), deep, quote),
    );
    expect(statements[0]?.rows.map((r) => [r.line, r.bankRef])).toEqual([[1, 'OK']]);
    expect(statements[0]?.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, CAMT_MESSAGES.brokenEntry],
      [3, CAMT_MESSAGES.brokenEntry],
    ]);
  });

  it(`refuses more than ${IMPORT_FILE_BYTES_MAX / 1024 / 1024} MB`, () => {
    const text = one053(entry()).replace(
      '<Ntry>',
      `<!--${' '.repeat(IMPORT_FILE_BYTES_MAX)}--><Ntry>`,
    );
    expect(refusal(() => read(text))).toBe(CAMT_MESSAGES.tooLarge);
  });

  it('reads a 5 MB statement of the most entries in bounded time', () => {
    const one = entry({
      amount: '12.34',
      ref: '<AcctSvcrRef>2026030200012345</AcctSvcrRef>',
      details: details(
        tx({
          debtor: 'Jana Beispiel',
          creditor: 'Stadtwerke Beispielstadt GmbH',
          creditorIban: 'DE09200400000612345678',
          lines: ['Abschlag Strom 03/2026 Vertragskonto 400012345'],
          endToEnd: 'SWB-400012345-202603',
        }),
      ),
      info: 'FOLGELASTSCHRIFT',
    });
    const count = Math.min(IMPORT_ROWS_MAX, Math.floor(4_900_000 / one.length));
    const text = one053(one.repeat(count)).replace(
      '</Stmt>',
      `<!--${'x'.repeat(4_990_000 - one.length * count)}--></Stmt>`,
    );
    expect(text.length).toBeGreaterThan(4_900_000);
    expect(text.length).toBeLessThanOrEqual(IMPORT_FILE_BYTES_MAX);
    let rows = 0;
    const ms = cpuMs(() => (rows = rowsOf(text).length));
    expect(rows).toBe(count);
    expect(ms).toBeLessThan(10_000);
  });

  it.each([
    ['1,250,000 empty elements', `<Ntry>${'<a/>'.repeat(1_240_000)}</Ntry>`],
    ['800,000 attributes', `<Ntry ${'a="1" '.repeat(800_000)}></Ntry>`],
    ['5 MB of "&"', `<Ntry><X>${'&'.repeat(4_900_000)}</X></Ntry>`],
    ['2,500,000 "<a" in text', `<Ntry><X>${'<a'.repeat(2_450_000)}</X></Ntry>`],
    ['2,500,000 "< "', `<Ntry><X>${'< '.repeat(2_450_000)}</X></Ntry>`],
  ])('5 MB of %s is read or refused in bounded time', (_, junk) => {
    const text = one053(junk);
    expect(text.length).toBeLessThanOrEqual(IMPORT_FILE_BYTES_MAX);
    let outcome = '';
    const ms = cpuMs(() => {
      try {
        read(text);
        outcome = 'read';
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        outcome = 'refused';
      }
    });
    expect(outcome).not.toBe('');
    expect(ms).toBeLessThan(10_000);
  });
});

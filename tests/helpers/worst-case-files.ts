import { IMPORT_FILE_BYTES_MAX, IMPORT_ROWS_MAX } from '../../src/shared/limits.js';

/**
 * Bank files at the import's documented limits (5 MB, 20,000 rows), in every format, shaped to
 * cost the readers the most: every row carries long texts, and each file also holds the inputs
 * that used to make a reader backtrack (runs of `<`, of spaces, of signs). Used by the stall
 * test and `npm run bench`.
 */

export type WorstCaseFormat = 'csv' | 'ofx' | 'qif' | 'camt';

const day = (i: number) =>
  `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
const amount = (i: number) =>
  `${i % 3 === 0 ? '' : '-'}${1 + (i % 900)}.${String(i % 100).padStart(2, '0')}`;

/** Text of about `length` characters that ends in something a pattern must read to the end. */
const text = (i: number, length: number) =>
  `Payment ${i} ${'x'.repeat(Math.max(0, length - 20))} end`;

function fill(rows: (i: number, room: number) => string, head: string, tail: string): string {
  const room = Math.floor((IMPORT_FILE_BYTES_MAX - head.length - tail.length) / IMPORT_ROWS_MAX);
  const body: string[] = [];
  for (let i = 0; i < IMPORT_ROWS_MAX; i++) body.push(rows(i, room));
  const file = head + body.join('') + tail;
  if (Buffer.byteLength(file) > IMPORT_FILE_BYTES_MAX) {
    throw new Error(`worst-case file of ${Buffer.byteLength(file)} bytes is over the limit`);
  }
  return file;
}

const csv = () =>
  fill(
    (i, room) => {
      // A quoted description with doubled quotes and separators, and a run of spaces in the date.
      const doubled = i % 7 ? '' : '"",'.repeat(10);
      const quoted = `"${doubled}${text(i, room - 60 - doubled.length)}"`;
      return `${day(i)}${i === 5 ? ' '.repeat(200) : ''},${quoted},${amount(i)}\n`;
    },
    'Date,Description,Amount\n',
    '',
  );

const ofx = () =>
  fill(
    (i, room) =>
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${day(i).replaceAll('-', '')}<TRNAMT>${amount(i)}` +
      `<FITID>${i}<NAME>${i === 7 ? '<'.repeat(room - 120) : 'Shop'}` +
      `<MEMO>${text(i, Math.max(0, room - 130))}</STMTTRN>\n`,
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:UTF-8\nCHARSET:NONE\n\n<OFX><BANKMSGSRSV1>' +
      '<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>12345678<ACCTTYPE>CHECKING' +
      '</BANKACCTFROM><BANKTRANLIST>\n',
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
  );

const qif = () =>
  fill(
    (i, room) =>
      `D${day(i)}\nT${i === 3 ? `${'-'.repeat(100)}` : ''}${amount(i)}\nPShop ${i}\n` +
      `M${text(i, Math.max(0, room - 50))}\n^\n`,
    '!Type:Bank\n',
    '',
  );

const camt = () =>
  fill(
    (i, room) => {
      const [sign, value] = amount(i).startsWith('-')
        ? ['DBIT', amount(i).slice(1)]
        : ['CRDT', amount(i)];
      return (
        `<Ntry><Amt Ccy="USD">${value}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>${day(i)}</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef><NtryDtls><TxDtls>` +
        `<RmtInf><Ustrd>${text(i, Math.max(0, room - 260))}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`
      );
    },
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
      '<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>' +
      '<Stmt><Id>S1</Id><CreDtTm>2026-01-01T00:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN>' +
      '</Id><Ccy>USD</Ccy></Acct>\n',
    '</Stmt></BkToCstmrStmt></Document>\n',
  );

export const WORST_CASE_FILES: Record<WorstCaseFormat, () => string> = { csv, ofx, qif, camt };

import { XMLParser, type X2jOptions } from 'fast-xml-parser';
import { AppError } from '../../lib/app-error.js';
import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import {
  IMPORT_FILE_BYTES_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_STATEMENTS_MAX,
  PAYEE_MAX,
} from '../../../shared/limits.js';
import { parseAmount } from './amounts.js';
import { parseDate } from './dates.js';
import { FILE_MESSAGES } from './decode-file.js';
import { cutField, decodeText, plainText } from './markup-text.js';
import { currencyCode } from './parse-ofx.js';
import {
  clip,
  shortText,
  type ParsedRow,
  type ParsedStatement,
  type ReadOptions,
  type ReadResult,
  type RowError,
} from './parsed-file.js';

// ISO 20022 bank-to-customer statements (camt.053) and account reports (camt.052), every
// version (the namespace's version is ignored): docs/import.md#camt053-and-camt052.
//
// One linear pass over the text (`layout`) refuses any declaration (`<!DOCTYPE`, `<!ENTITY`: a
// statement never has one, and an XML bomb or an external entity needs one) and any `<` that
// cannot open markup, and finds where each statement and each of its entries starts and ends
// (an entry without its end tag is where the file is cut short). The XML of each entry, and of
// each statement without its entries, is then read by fast-xml-parser with entities, DTDs and
// value conversion off, one entry at a time: the memory a file takes stays that of one entry
// plus a few facts per entry, whatever its size. Only the five XML entities and numeric
// character references are decoded, by our own reader (markup-text.ts), field by field.
//
// Each Stmt (053) or Rpt (052) is a statement; each Ntry a row, numbered 1..N across the file:
//
// - amount: `Amt` (its `Ccy` the row's currency), signed by `CdtDbtInd` (CRDT +, DBIT −);
// - reversals (`RvslInd` true): ISO 20022 says `CdtDbtInd` is the reversal's own direction;
//   some banks write the original's instead. When the statement's opening and closing booked
//   balances (OPBD or PRCD, CLBD) tell which reading adds up, that one is used; otherwise the
//   sign is flipped (the reversal of a credit takes money out);
// - date: the booking date `BookgDt` (`Dt`, or the calendar date of `DtTm` as written), else
//   the value date `ValDt`;
// - only booked entries are rows: a pending (`PDNG`), information (`INFO`) or future (`FUTR`)
//   entry is a row error saying why (it comes again, booked, in a later statement);
// - bank id: `AcctSvcrRef` of the entry (else of its one `TxDtls`), the bank's own id. Without
//   one, `NtryRef` or the `EndToEndId` of its one `TxDtls` (not NOTPROVIDED), with the date and
//   signed amount after it: a NtryRef is often a number within one statement, and a payment
//   and its return share the EndToEndId, so neither alone may mark a row as a duplicate;
// - payee: the counterparty: the creditor (`RltdPties/Cdtr/Nm`, `Cdtr/Pty/Nm` from .001.08,
//   else the ultimate creditor) when money goes out, the debtor when it comes in (for a
//   reversal, the original payment's other party); a party whose account is this statement's
//   IBAN is never the payee;
// - description: the remittance text (`RmtInf/Ustrd`, all lines joined with spaces), else the
//   structured creditor reference, else `AddtlTxInf`, else `AddtlNtryInf`, else the payee;
// - a batch (several `TxDtls`) is one row with the entry's total, as booked: its payee is the
//   one counterparty they share (else none), its description `AddtlNtryInf` (else "Batch of N
//   transactions").

export const CAMT_MESSAGES = {
  tooLarge: `This file is larger than ${IMPORT_FILE_BYTES_MAX / 1024 / 1024} MB; split it and import each part`,
  declaration:
    'This XML file declares a DTD or entities (<!DOCTYPE or <!ENTITY>), which bank statements never do: it is not read',
  notWellFormed: 'This camt file is not well-formed XML and cannot be read',
  notification:
    'camt.054 notifications cannot be imported: only camt.053 statements and camt.052 account reports can',
  notStatement: 'This XML file is not a camt.053 statement or a camt.052 account report',
  noStatement: 'This camt file holds no statement',
  tooManyStatements: `This file holds more than ${IMPORT_STATEMENTS_MAX} statements; split it and import each part`,
  cutOff: 'The entry is cut off: the file looks truncated',
  brokenEntry: 'The entry is not well-formed XML and cannot be read',
  pending:
    'The entry is pending (status PDNG): the bank has not booked it yet, so it is left out; it comes again, booked, in a later statement',
  info: 'The entry is for information only (status INFO): it is not booked, so it is left out',
  future:
    'The entry is booked in the future (status FUTR): it is left out until a statement shows it booked',
  status: (code: string) => `The entry's status is “${code}”, not booked (BOOK): it is left out`,
  noDate: 'No booking date or value date',
  notDate: (text: string) => `The date “${text}” is not a date`,
  noAmount: 'No amount',
  notAmount: (text: string) =>
    `The amount “${text}” is not a camt amount (digits with an optional decimal point)`,
  zero: 'The amount is zero',
  noIndicator: 'No credit or debit indicator (CdtDbtInd must be CRDT or DBIT)',
} as const;

const PARSER_OPTIONS: Partial<X2jOptions> = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // No entity of any kind is expanded by the parser, and no value is converted to a number.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  commentPropName: false,
  maxNestedTags: 64,
};

/** The messages that hold statements: camt.053, camt.052, and camt.054 (refused). */
const STATEMENTS_053 = 'BkToCstmrStmt';
const REPORTS_052 = 'BkToCstmrAcctRpt';
const NOTIFICATIONS_054 = 'BkToCstmrDbtCdtNtfctn';

// ---------------------------------------------------------------------------------------------
// The linear pass: where statements and entries are

interface Span {
  start: number;
  end: number;
  /** Its end tag was found (false: the file is cut short inside it). */
  closed: boolean;
}

interface StatementSpan extends Span {
  entries: Span[];
}

interface Layout {
  /** Local names of the messages found (BkToCstmrStmt…). */
  messages: Set<string>;
  statements: StatementSpan[];
}

const isNameStartCode = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code >= 0x80;
const isNameCode = (code: number) =>
  isNameStartCode(code) || (code >= 48 && code <= 57) || code === 45 || code === 46 || code === 58;

/**
 * One pass over the text, every character looked at a bounded number of times: refuses
 * declarations and `<` that open no markup, steps over comments, CDATA and processing
 * instructions whole, and records each statement (Stmt, Rpt) and each of its entries (Ntry).
 */
function layout(text: string): Layout {
  const messages = new Set<string>();
  const statements: StatementSpan[] = [];
  let statement: StatementSpan | null = null;
  let entry: Span | null = null;
  // Elements of the same name nested inside an open statement or entry (malformed files).
  let nestedStatements = 0;
  let nestedEntries = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    const next = text.charCodeAt(i + 1);
    let resume: number;
    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        resume = close === -1 ? text.length : close + 3;
      } else if (text.startsWith('<![CDATA[', i)) {
        const close = text.indexOf(']]>', i + 9);
        resume = close === -1 ? text.length : close + 3;
      } else {
        throw new AppError('UNPROCESSABLE', CAMT_MESSAGES.declaration);
      }
    } else if (next === 63 /* ? */) {
      const close = text.indexOf('?>', i + 2);
      resume = close === -1 ? text.length : close + 2;
    } else {
      const closing = next === 47; /* / */
      const start = i + (closing ? 2 : 1);
      if (!isNameStartCode(text.charCodeAt(start))) {
        throw new AppError('UNPROCESSABLE', CAMT_MESSAGES.notWellFormed);
      }
      let end = start;
      while (end < text.length && isNameCode(text.charCodeAt(end))) end += 1;
      const qualified = text.slice(start, Math.min(end, start + 100));
      const colon = qualified.lastIndexOf(':');
      const local = colon === -1 ? qualified : qualified.slice(colon + 1);
      const gt = text.indexOf('>', end);
      resume = gt === -1 ? text.length : gt + 1;
      const empty = gt !== -1 && text[gt - 1] === '/';
      const isStatement = local === 'Stmt' || local === 'Rpt';
      if (!closing) {
        if (local === STATEMENTS_053 || local === REPORTS_052 || local === NOTIFICATIONS_054) {
          messages.add(local);
        } else if (isStatement && statement === null) {
          statement = { start: i, end: resume, closed: empty, entries: [] };
          statements.push(statement);
          if (empty) statement = null;
        } else if (isStatement && !empty) {
          nestedStatements += 1;
        } else if (local === 'Ntry' && statement !== null && entry === null) {
          entry = { start: i, end: resume, closed: empty };
          statement.entries.push(entry);
          if (empty) entry = null;
        } else if (local === 'Ntry' && entry !== null && !empty) {
          nestedEntries += 1;
        }
      } else if (local === 'Ntry' && entry !== null) {
        if (nestedEntries > 0) nestedEntries -= 1;
        else {
          entry.end = resume;
          entry.closed = gt !== -1;
          entry = null;
        }
      } else if (isStatement && statement !== null && entry === null) {
        if (nestedStatements > 0) nestedStatements -= 1;
        else {
          statement.end = resume;
          statement.closed = gt !== -1;
          statement = null;
        }
      }
    }
    i = resume >= text.length ? -1 : text.indexOf('<', resume);
  }
  // What is still open runs to the end of the file.
  if (entry !== null) entry.end = text.length;
  if (statement !== null) statement.end = text.length;
  return { messages, statements };
}

// ---------------------------------------------------------------------------------------------
// Reading the XML of a statement and of an entry

type Node = unknown;

const own = (node: Node, key: string): Node =>
  typeof node === 'object' && node !== null && Object.hasOwn(node, key)
    ? (node as Record<string, Node>)[key]
    : undefined;

/** A repeated element as a list (the parser gives one element as itself). */
const list = (node: Node): Node[] =>
  node === undefined || node === null ? [] : Array.isArray(node) ? node : [node];

/** The element at a path, taking the first of any repeated one on the way. */
function at(node: Node, ...path: string[]): Node {
  let current = node;
  for (const key of path) {
    current = own(list(current)[0], key);
    if (current === undefined) return undefined;
  }
  return current;
}

/** An element's text, its references decoded (CDATA as written), cut to the field limit. */
function textOf(node: Node): string {
  const first = list(node)[0];
  if (typeof first === 'string') return decodeText(first).trim();
  const text = own(first, '#text');
  const cdata = own(first, '#cdata');
  const parts = [
    typeof text === 'string' ? decodeText(text) : '',
    ...list(cdata).map((part) => (typeof part === 'string' ? plainText(part) : '')),
  ];
  return cutField(parts.join('')).trim();
}

const textAt = (node: Node, ...path: string[]) => textOf(at(node, ...path));

/** The one element a fragment of XML is, or undefined when the parser cannot read it. */
function parseElement(parser: XMLParser, xml: string, name: string): Node {
  try {
    const tree: Node = parser.parse(xml);
    const node = own(tree, name);
    return node === undefined ? undefined : (list(node)[0] ?? '');
  } catch {
    return undefined;
  }
}

/** Text of a fragment without its tags, for a row error about an entry that cannot be read. */
function withoutTags(xml: string): string {
  const text = xml.slice(0, 2000);
  let out = '';
  let inTag = false;
  for (const char of text) {
    if (char === '<') inTag = true;
    else if (char === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += char;
  }
  return decodeText(out);
}

/** A reference that says nothing (`NOTPROVIDED`, `NONREF`) is none. */
const reference = (value: string) => {
  const upper = value.toUpperCase();
  return value === '' || upper === 'NOTPROVIDED' || upper === 'NONREF' ? null : value;
};

/** A camt amount (`ActiveCurrencyAndAmount`): digits and an optional decimal point, no sign. */
function isCamtAmount(text: string): boolean {
  let point = false;
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits += 1;
    else if (c === 46 && !point) point = true;
    else return false;
  }
  return digits > 0;
}

/** Cents as plain text (`-12.50`), for the composed bank ids. */
const centsText = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** `2026-03-02` or `2026-03-02T10:15:00+01:00` as YYYYMMDD (the date as written), or null. */
function dayOf(text: string): string | null {
  if (text.length < 10 || text[4] !== '-' || text[7] !== '-') return null;
  const day = text.slice(0, 4) + text.slice(5, 7) + text.slice(8, 10);
  for (let i = 0; i < 8; i += 1) {
    const c = day.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  if (text.length > 10 && text[10] !== 'T' && text[10] !== ' ' && text[10] !== '+') return null;
  return day;
}

/** An IBAN as one word in capitals. */
const compactIban = (text: string) => text.replace(/\s/g, '').toUpperCase();

/** DE89 3704 0044 0532 0130 00 */
function groupedIban(iban: string): string {
  const groups: string[] = [];
  for (let i = 0; i < iban.length; i += 4) groups.push(iban.slice(i, i + 4));
  return groups.join(' ');
}

/** What a row needs of one TxDtls, read while its entry's XML is at hand. */
interface TxFacts {
  servicerRef: string;
  endToEnd: string;
  remittance: string;
  creditor: string;
  debtor: string;
  creditorIban: string;
  debtorIban: string;
}

/** What a row needs of one Ntry: the entry's XML is let go once these are read. */
interface EntryFacts {
  line: number;
  /** Why it cannot be read at all (cut off, broken XML), or null. */
  unreadable: string | null;
  summary: string;
  status: string;
  amount: string;
  currency: string;
  indicator: string;
  reversal: boolean;
  date: string;
  servicerRef: string;
  entryRef: string;
  info: string;
  txs: TxFacts[];
}

/** A party's name: `Nm`, or `Pty/Nm` (camt.053.001.08 and later); else the ultimate party's. */
const partyName = (parties: Node, role: 'Cdtr' | 'Dbtr') =>
  textAt(parties, role, 'Nm') ||
  textAt(parties, role, 'Pty', 'Nm') ||
  textAt(parties, `Ultmt${role}`, 'Nm') ||
  textAt(parties, `Ultmt${role}`, 'Pty', 'Nm');

/** The remittance text of a transaction: Ustrd lines joined, else structured references. */
function remittance(tx: Node): string {
  const info = list(own(tx, 'RmtInf'))[0];
  const lines = list(own(info, 'Ustrd'))
    .map(textOf)
    .filter((line) => line !== '');
  if (lines.length > 0) return lines.join(' ');
  const structured = list(own(info, 'Strd'))
    .flatMap((strd) => [
      textAt(strd, 'CdtrRefInf', 'Ref'),
      ...list(own(strd, 'AddtlRmtInf')).map(textOf),
    ])
    .filter((part) => part !== '');
  if (structured.length > 0) return structured.join(' ');
  return textAt(tx, 'AddtlTxInf');
}

function txFacts(tx: Node): TxFacts {
  const parties = at(tx, 'RltdPties');
  return {
    servicerRef: textAt(tx, 'Refs', 'AcctSvcrRef'),
    endToEnd: textAt(tx, 'Refs', 'EndToEndId'),
    remittance: remittance(tx),
    creditor: partyName(parties, 'Cdtr'),
    debtor: partyName(parties, 'Dbtr'),
    creditorIban: compactIban(textAt(parties, 'CdtrAcct', 'Id', 'IBAN')),
    debtorIban: compactIban(textAt(parties, 'DbtrAcct', 'Id', 'IBAN')),
  };
}

function entryFacts(node: Node, line: number): EntryFacts {
  const status = at(node, 'Sts');
  const amount = at(node, 'Amt');
  const booking = at(node, 'BookgDt');
  const value = at(node, 'ValDt');
  const txs = list(own(node, 'NtryDtls')).flatMap((part) => list(own(part, 'TxDtls')).map(txFacts));
  const facts: EntryFacts = {
    line,
    unreadable: null,
    summary: '',
    status: (typeof list(status)[0] === 'string'
      ? textOf(status)
      : textAt(status, 'Cd') || textAt(status, 'Prtry')
    ).toUpperCase(),
    amount: textOf(amount),
    currency: textOf(own(list(amount)[0], '@_Ccy')),
    indicator: textAt(node, 'CdtDbtInd').toUpperCase(),
    reversal: ['true', '1'].includes(textAt(node, 'RvslInd').toLowerCase()),
    date:
      textAt(booking, 'Dt') ||
      textAt(booking, 'DtTm') ||
      textAt(value, 'Dt') ||
      textAt(value, 'DtTm'),
    servicerRef: textAt(node, 'AcctSvcrRef'),
    entryRef: textAt(node, 'NtryRef'),
    info: textAt(node, 'AddtlNtryInf'),
    txs,
  };
  facts.summary = [
    facts.date,
    `${facts.indicator} ${facts.amount} ${facts.currency}`.trim(),
    txs.length === 1 ? (txs[0]?.remittance ?? '') : '',
    facts.info,
  ]
    .filter((part) => part !== '')
    .join(' ');
  return facts;
}

/** Why an entry that is not booked is left out, or null when it is booked. */
function statusError(status: string): string | null {
  if (status === '' || status === 'BOOK') return null;
  if (status === 'PDNG') return CAMT_MESSAGES.pending;
  if (status === 'INFO') return CAMT_MESSAGES.info;
  if (status === 'FUTR') return CAMT_MESSAGES.future;
  return CAMT_MESSAGES.status(status.slice(0, 20));
}

/** A booked entry's signed cents as written (no reversal applied), or null when unreadable. */
function writtenCents(entry: EntryFacts): bigint | null {
  if (entry.unreadable !== null || statusError(entry.status) !== null) return null;
  if (!isCamtAmount(entry.amount)) return null;
  const parsed = parseAmount(entry.amount, '.');
  if ('error' in parsed) return null;
  if (entry.indicator === 'CRDT') return parsed.cents;
  return entry.indicator === 'DBIT' ? -parsed.cents : null;
}

/** The signed balance of a type (OPBD, PRCD, CLBD) in cents, or null. */
function balance(statement: Node, types: string[]): bigint | null {
  for (const type of types) {
    for (const bal of list(own(statement, 'Bal'))) {
      const code = textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') || textAt(bal, 'Tp', 'CdOrPrtry', 'Prtry');
      if (code.toUpperCase() !== type) continue;
      const amount = textAt(bal, 'Amt');
      if (!isCamtAmount(amount)) return null;
      const parsed = parseAmount(amount, '.');
      if ('error' in parsed) return null;
      const indicator = textAt(bal, 'CdtDbtInd').toUpperCase();
      if (indicator !== 'CRDT' && indicator !== 'DBIT') return null;
      return indicator === 'DBIT' ? -parsed.cents : parsed.cents;
    }
  }
  return null;
}

/**
 * Whether reversals flip the sign in this statement: the reading its booked balances add up
 * with, when they tell; else true (see the head of this file).
 */
function reversalsFlip(statement: Node, entries: EntryFacts[]): boolean {
  if (!entries.some((entry) => entry.reversal)) return true;
  const opening = balance(statement, ['OPBD', 'PRCD']);
  const closing = balance(statement, ['CLBD']);
  if (opening === null || closing === null) return true;
  let asWritten = opening;
  let flipped = opening;
  for (const entry of entries) {
    const cents = writtenCents(entry);
    if (cents === null) continue;
    asWritten += cents;
    flipped += entry.reversal ? -cents : cents;
  }
  return !(asWritten === closing && flipped !== closing);
}

/**
 * The counterparty of a transaction: the creditor of money going out, the debtor of money
 * coming in (for a reversal the parties are the original payment's, so the other way round);
 * a party holding this statement's own account is never it.
 */
function counterparty(tx: TxFacts, outgoing: boolean, reversal: boolean, ownIban: string | null) {
  let creditor = outgoing !== reversal;
  if (ownIban) {
    if (tx.creditorIban === ownIban) creditor = false;
    else if (tx.debtorIban === ownIban) creditor = true;
  }
  return creditor ? tx.creditor : tx.debtor;
}

function entryRow(
  entry: EntryFacts,
  context: { flip: boolean; currency: string | null; ownIban: string | null; today: string },
): ParsedRow | RowError {
  const { line, txs } = entry;
  const error = (reason: string): RowError => ({ line, reason, text: shortText(entry.summary) });
  if (entry.unreadable !== null) return error(entry.unreadable);
  const status = statusError(entry.status);
  if (status !== null) return error(status);

  if (entry.date === '') return error(CAMT_MESSAGES.noDate);
  const day = dayOf(entry.date);
  const occurredOn = day === null ? null : parseDate(day, 'ymd', context.today);
  if (occurredOn === null) return error(CAMT_MESSAGES.notDate(shortText(entry.date).slice(0, 40)));

  if (entry.amount === '') return error(CAMT_MESSAGES.noAmount);
  if (!isCamtAmount(entry.amount)) {
    return error(CAMT_MESSAGES.notAmount(entry.amount.slice(0, 40)));
  }
  const amount = parseAmount(entry.amount, '.');
  if ('error' in amount) return error(amount.error);
  if (amount.exact.value === 0n) return error(CAMT_MESSAGES.zero);
  if (entry.indicator !== 'CRDT' && entry.indicator !== 'DBIT') {
    return error(CAMT_MESSAGES.noIndicator);
  }
  const outgoing = (entry.indicator === 'DBIT') !== (entry.reversal && context.flip);
  const cents = outgoing ? -amount.cents : amount.cents;
  const exactAmount = outgoing
    ? { value: -amount.exact.value, scale: amount.exact.scale }
    : amount.exact;

  const only = txs.length === 1 ? txs[0] : undefined;
  let payee: string;
  let description: string;
  if (txs.length > 1) {
    const names = new Set(
      txs.map((tx) => counterparty(tx, outgoing, entry.reversal, context.ownIban)),
    );
    payee = names.size === 1 ? ([...names][0] ?? '') : '';
    description = entry.info || `Batch of ${txs.length} transactions`;
  } else {
    payee = only ? counterparty(only, outgoing, entry.reversal, context.ownIban) : '';
    description = only?.remittance || entry.info || payee;
  }

  const serviced = reference(entry.servicerRef) ?? (only ? reference(only.servicerRef) : null);
  const weak = reference(entry.entryRef) ?? (only ? reference(only.endToEnd) : null);
  const bankRef = serviced ?? (weak === null ? null : `${weak} ${occurredOn} ${centsText(cents)}`);

  return {
    line,
    occurredOn,
    amountCents: cents,
    exactAmount,
    description: clip(description, DESCRIPTION_MAX),
    payee: clip(payee, PAYEE_MAX),
    bankRef: bankRef === null ? null : clip(bankRef, 255) || null,
    categoryName: null,
    currency: currencyCode(entry.currency) ?? context.currency,
    writtenAmount: amount.written,
  };
}

// ---------------------------------------------------------------------------------------------
// The file

function readStatement(
  text: string,
  span: StatementSpan,
  index: number,
  firstLine: number,
  parser: XMLParser,
  options: ReadOptions,
): ParsedStatement {
  // The statement's own XML without its entries: account, currency, balances. A statement the
  // file is cut in is read up to its last whole tag.
  let outside = '';
  let from = span.start;
  for (const entry of span.entries) {
    outside += text.slice(from, entry.start);
    from = entry.end;
  }
  let tail = text.slice(from, span.end);
  if (!span.closed) tail = tail.slice(0, tail.lastIndexOf('>') + 1);
  outside += tail;
  const local = (() => {
    const open = text.slice(span.start + 1, span.start + 120);
    let end = 0;
    while (end < open.length && isNameCode(open.charCodeAt(end))) end += 1;
    const qualified = open.slice(0, end);
    return qualified.slice(qualified.lastIndexOf(':') + 1);
  })();
  const node = parseElement(parser, outside, local) ?? {};

  const iban = compactIban(textAt(node, 'Acct', 'Id', 'IBAN'));
  const other = textAt(node, 'Acct', 'Id', 'Othr', 'Id');
  const currency = currencyCode(textAt(node, 'Acct', 'Ccy'));
  const accountRef = iban ? clip(iban, 64) : other ? clip(other, 64) : null;
  const name = iban ? groupedIban(accountRef ?? '') : other ? `Account ${accountRef}` : null;
  const label = [name ?? `Statement ${index + 1}`, currency ? `(${currency})` : null]
    .filter((part) => part !== null)
    .join(' ');

  // Each entry's XML is read on its own and let go once its facts are taken.
  const entries = span.entries.map((entrySpan, i): EntryFacts => {
    const line = firstLine + i;
    const xml = text.slice(entrySpan.start, entrySpan.end);
    const unreadable = (reason: string): EntryFacts => ({
      ...entryFacts({}, line),
      unreadable: reason,
      summary: withoutTags(xml),
    });
    if (!entrySpan.closed) return unreadable(CAMT_MESSAGES.cutOff);
    const entry = parseElement(parser, xml, 'Ntry');
    return entry === undefined ? unreadable(CAMT_MESSAGES.brokenEntry) : entryFacts(entry, line);
  });

  const context = {
    flip: reversalsFlip(node, entries),
    currency,
    ownIban: iban || null,
    today: options.today,
  };
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  for (const entry of entries) {
    const read = entryRow(entry, context);
    if ('reason' in read) errors.push(read);
    else rows.push(read);
  }
  return { index, label, accountRef, currency, rows, errors };
}

/** Whether the text is an ISO 20022 camt statement or report: its first 4 KB only. */
export function isCamt(text: string): boolean {
  const head = text.slice(0, 4096);
  if (!head.trimStart().startsWith('<')) return false;
  return (
    head.includes('urn:iso:std:iso:20022:tech:xsd:camt.05') ||
    head.includes(STATEMENTS_053) ||
    head.includes(REPORTS_052) ||
    head.includes(NOTIFICATIONS_054)
  );
}

/** Reads every statement (camt.053) or report (camt.052) of the file (see the head of this file). */
export function parseCamt(text: string, options: ReadOptions): ReadResult {
  if (text.length > IMPORT_FILE_BYTES_MAX) {
    throw new AppError('UNPROCESSABLE', CAMT_MESSAGES.tooLarge);
  }
  const { messages, statements: spans } = layout(text);
  if (!messages.has(STATEMENTS_053) && !messages.has(REPORTS_052)) {
    throw new AppError(
      'UNPROCESSABLE',
      messages.has(NOTIFICATIONS_054) ? CAMT_MESSAGES.notification : CAMT_MESSAGES.notStatement,
    );
  }
  if (spans.length === 0) throw new AppError('UNPROCESSABLE', CAMT_MESSAGES.noStatement);
  if (spans.length > IMPORT_STATEMENTS_MAX) {
    throw new AppError('UNPROCESSABLE', CAMT_MESSAGES.tooManyStatements);
  }
  const entryCount = spans.reduce((sum, span) => sum + span.entries.length, 0);
  if (entryCount > IMPORT_ROWS_MAX) {
    throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyRows(IMPORT_ROWS_MAX));
  }
  const parser = new XMLParser(PARSER_OPTIONS);
  let line = 1;
  const statements = spans.map((span, index) => {
    const statement = readStatement(text, span, index, line, parser, options);
    line += span.entries.length;
    return statement;
  });
  return { format: 'camt', statements, unsupported: [], csv: null, choices: [] };
}

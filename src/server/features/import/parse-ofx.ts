import { AppError } from '../../lib/app-error.js';
import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import {
  IMPORT_FIELD_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_STATEMENTS_MAX,
  PAYEE_MAX,
} from '../../../shared/limits.js';
import { parseAmount } from './amounts.js';
import { parseDate } from './dates.js';
import { FILE_MESSAGES } from './decode-file.js';
import { decodeText, plainText } from './markup-text.js';
import {
  clip,
  shortText,
  type ParsedRow,
  type ParsedStatement,
  type ReadOptions,
  type ReadResult,
} from './parsed-file.js';

// OFX and QFX files (docs/import.md#ofx-and-qfx, decision 014): the SGML form of OFX 1.x (leaf
// elements without closing tags, an `OFXHEADER:100` header) and the XML form of OFX 2.x
// (`<?xml ...?><?OFX ...?>`), read in one pass and in linear time whatever the input:
//
// - `scan` walks the text once and reports start tags, end tags and text, looking at each
//   character a bounded number of times (a `<` that does not open a tag is text, and the scan
//   resumes at the next `<`), with no regular expression. Comments, processing instructions and
//   declarations (a DOCTYPE) are skipped: nothing is expanded. CDATA sections are text, as
//   written.
// - `OfxReader` settles what each element is: one followed by text is a leaf with that value
//   (SGML leaves have no end tag; an XML leaf's end tag is then ignored), one followed by a tag
//   is an aggregate, which an end tag closes together with whatever is still open inside it.
//   A field's text is cut to IMPORT_FIELD_MAX characters before anything reads it; entities are
//   decoded by markup-text.ts (the XML five, &nbsp;, numeric references; a reference to NUL,
//   another control character, a surrogate or past U+10FFFF is dropped, the rest of the text
//   kept).
//
// Every bank (STMTRS) and credit card (CCSTMTRS) statement is a statement of its own, labelled
// from ACCTTYPE, the last four characters of ACCTID and CURDEF ("Checking ••1234 (USD)"), its
// transactions (STMTTRN) numbered 1..N across the whole file. Investment (INVSTMTRS) and loan
// (LOANSTMTRS) statements are listed as unsupported, their transactions (INVBANKTRAN) too; a
// file with nothing importable is refused. A statement response whose STATUS is SEVERITY ERROR
// makes its transactions row errors (or, holding none, is listed as unsupported).
//
// Per transaction: NAME (else PAYEE's NAME) is the payee, MEMO the description (NAME when there
// is no MEMO), FITID the bank id, DTPOSTED (else DTUSER) the date: its calendar date as written,
// `20260131230000[-5:EST]` is 2026-01-31 whatever the zone. TRNAMT has no thousands separator
// in OFX, so the last of `.` and `,` is the decimal one (`-12,50` is -12.50). The row's currency
// is CURRENCY's CURSYM (the amount is in that currency), else the statement's CURDEF; with
// ORIGCURRENCY the amount was already converted to CURDEF, which stays the row's currency. A
// transaction the end of the file cuts is a row error, never a row: its last value may be cut.

/** Open aggregates deeper than this are not tracked (OFX nests about ten). */
const DEPTH_MAX = 64;
/** A tag name longer than this is not a tag (OFX's longest are about 20). */
const NAME_MAX = 64;
/** The text kept of a transaction to show with a row error. */
const ROW_TEXT_MAX = 400;

export const OFX_MESSAGES = {
  cutOff: 'The transaction is cut off: the file looks truncated',
  noDate: 'No date',
  noAmount: 'No amount',
  zero: 'The amount is zero',
  notDate: (text: string) => `The date “${text}” is not a date`,
  failed: (detail: string) =>
    `The bank marked this statement as failed (${detail}): its transactions are not imported`,
  supported:
    'only bank statements (checking, savings, money market, credit line) and credit card statements can',
  investment: () => `Investment statements cannot be imported: ${OFX_MESSAGES.supported}`,
  loan: () => `Loan statements cannot be imported: ${OFX_MESSAGES.supported}`,
  errorResponse: (detail: string) => `The bank sent an error instead of this statement (${detail})`,
  nothing: (reasons: string[]) => `Nothing in this file can be imported. ${reasons.join('. ')}`,
  noStatement: (detail: string | null) =>
    `This OFX file holds no bank or credit card statement${detail ? `: the bank reported an error (${detail})` : ''}`,
  tooManyStatements: `This file holds more than ${IMPORT_STATEMENTS_MAX} statements; split it and import each part`,
} as const;

// ---------------------------------------------------------------------------------------------
// The scan

interface ScanEvents {
  start(name: string): void;
  end(name: string): void;
  /** Text from `from` to `to` (exclusive) of the file; `cdata` when it is taken as written. */
  text(from: number, to: number, cdata: boolean): void;
}

const isNameStart = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95; /* A-Z a-z _ */
const isNameChar = (code: number) =>
  isNameStart(code) ||
  (code >= 48 && code <= 57) /* 0-9 */ ||
  code === 46 /* . */ ||
  code === 45 /* - */ ||
  code === 58; /* : */

/**
 * Reads a tag's name from `from` and runs to its `>`. Returns the name, where the tag ends and
 * whether it closes itself (`<X/>`), or where the text resumes when it is not a tag: at the
 * next `<`, which is then scanned in turn, so every character is looked at once.
 */
function readTag(
  text: string,
  from: number,
): { name: string; next: number; selfClosing: boolean } | { notTag: number } {
  let i = from;
  if (i >= text.length || !isNameStart(text.charCodeAt(i))) return { notTag: from };
  while (i < text.length && isNameChar(text.charCodeAt(i))) i += 1;
  const name = text.slice(from, Math.min(i, from + NAME_MAX + 1));
  for (let j = i; j < text.length; j += 1) {
    const code = text.charCodeAt(j);
    if (code === 62 /* > */) {
      if (name.length > NAME_MAX) return { notTag: j + 1 };
      return { name: name.toUpperCase(), next: j + 1, selfClosing: text[j - 1] === '/' };
    }
    if (code === 60 /* < */) return { notTag: j };
  }
  return { notTag: text.length };
}

/** One pass over the whole text, reporting tags and text (see the head of this file). */
function scan(text: string, on: ScanEvents): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt === -1) {
      on.text(i, n, false);
      return;
    }
    if (lt > i) on.text(i, lt, false);
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      i = close === -1 ? n : close + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      on.text(lt + 9, close === -1 ? n : close, true);
      i = close === -1 ? n : close + 3;
    } else if (text[lt + 1] === '?' || text[lt + 1] === '!') {
      // <?xml ...?>, <?OFX ...?>, <!DOCTYPE ...>: skipped, never read or expanded.
      const close = text.indexOf('>', lt + 2);
      i = close === -1 ? n : close + 1;
    } else {
      const closing = text[lt + 1] === '/';
      const tag = readTag(text, lt + (closing ? 2 : 1));
      if ('notTag' in tag) {
        // Not a tag: the '<' and what follows up to the next '<' are text.
        const resume = Math.max(tag.notTag, lt + 1);
        on.text(lt, resume, false);
        i = resume;
      } else {
        if (closing) on.end(tag.name);
        else {
          on.start(tag.name);
          if (tag.selfClosing) on.end(tag.name);
        }
        i = tag.next;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The reader

/** The aggregates whose leaves the reader uses; other aggregates are looked through. */
const KNOWN = new Set([
  'SONRS',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'INVSTMTTRNRS',
  'LOANSTMTTRNRS',
  'STATUS',
  'STMTRS',
  'CCSTMTRS',
  'INVSTMTRS',
  'LOANSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'INVACCTFROM',
  'LOANACCTFROM',
  'STMTTRN',
  'CURRENCY',
  'ORIGCURRENCY',
  'PAYEE',
]);
const RESPONSES = new Set(['SONRS', 'STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS', 'LOANSTMTTRNRS']);

const ACCOUNT_TYPES: Record<string, string> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
  MONEYMRKT: 'Money market',
  CREDITLINE: 'Credit line',
  CD: 'Certificate of deposit',
};

interface Status {
  severity: string | null;
  code: string | null;
  message: string | null;
}

interface Response {
  status: Status;
  /** A statement (supported or not) was found inside it. */
  hadStatement: boolean;
}

interface Statement {
  kind: 'bank' | 'card' | 'none';
  parsed: ParsedStatement;
  accountType: string | null;
  accountId: string | null;
  /** The response it came in failed (SEVERITY ERROR): its rows become row errors. */
  failed: string | null;
}

interface Unsupported {
  kind: 'investment' | 'loan';
  accountId: string | null;
  currency: string | null;
}

interface Transaction {
  line: number;
  statement: Statement;
  leaves: Map<string, string>;
  text: string;
  currency: string | null;
  payeeName: string | null;
}

const statusDetail = (status: Status) =>
  [status.code ? `code ${status.code}` : null, status.message]
    .filter((part) => part !== null && part !== '')
    .join(', ') || 'no reason given';

const lastFour = (id: string) => {
  const compact = id.replace(/\s/g, '');
  return compact.length > 4 ? compact.slice(-4) : compact;
};

/** A three-letter ISO 4217 code, or null. */
export function currencyCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  if (code.length !== 3) return null;
  for (let i = 0; i < 3; i += 1) {
    const c = code.charCodeAt(i);
    if (c < 65 || c > 90) return null;
  }
  return code;
}

function statementLabel(statement: Statement): string {
  const base =
    statement.kind === 'card'
      ? 'Credit card'
      : statement.kind === 'bank'
        ? (ACCOUNT_TYPES[statement.accountType ?? ''] ?? 'Bank account')
        : 'Statement';
  const id = statement.accountId ? `••${lastFour(statement.accountId)}` : null;
  const currency = statement.parsed.currency ? `(${statement.parsed.currency})` : null;
  return [base, id, currency].filter((part) => part !== null).join(' ');
}

/**
 * The decimal separator of an OFX amount: OFX writes no thousands separators, so the last of
 * `.` and `,` is the decimal one (`-12,50` from a European bank is -12.50).
 */
function amountDecimal(text: string): '.' | ',' {
  return text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
}

class OfxReader implements ScanEvents {
  private readonly stack: string[] = [];
  /** Aggregates opened past DEPTH_MAX, not tracked. */
  private untracked = 0;
  private pending: string | null = null;
  private value = '';
  private consumed = 0;

  private readonly statements: Statement[] = [];
  private readonly unsupported: Unsupported[] = [];
  private readonly failedResponses: Status[] = [];
  private signOnError: Status | null = null;
  private response: Response | null = null;
  private statement: Statement | null = null;
  private other: Unsupported | null = null;
  private transaction: Transaction | null = null;
  private lines = 0;

  constructor(
    private readonly source: string,
    private readonly options: ReadOptions,
  ) {}

  read(): ReadResult {
    scan(this.source, this);
    this.settle(false);
    // The end of the file closes what is still open: a transaction open here is cut off.
    while (this.stack.length > 0) this.close(this.stack.pop() as string, false);
    return this.result();
  }

  // --- scan events ---------------------------------------------------------------------------

  start(name: string): void {
    this.settle(false);
    this.pending = name;
    this.value = '';
    this.consumed = 0;
  }

  end(name: string): void {
    this.settle(true);
    const at = this.stack.lastIndexOf(name);
    if (at === -1) {
      if (this.untracked > 0) this.untracked -= 1;
      return;
    }
    while (this.stack.length > at) this.close(this.stack.pop() as string, true);
  }

  text(from: number, to: number, cdata: boolean): void {
    if (this.pending === null || this.consumed >= IMPORT_FIELD_MAX) return;
    const upTo = Math.min(to, from + (IMPORT_FIELD_MAX - this.consumed));
    const raw = this.source.slice(from, upTo);
    this.consumed += raw.length;
    this.value += cdata ? plainText(raw) : decodeText(raw);
  }

  /**
   * Settles the pending element: a leaf when text followed it (or its own end tag, or any end
   * tag: an SGML leaf left empty), else an aggregate that opens here.
   */
  private settle(byEndTag: boolean): void {
    const name = this.pending;
    if (name === null) return;
    this.pending = null;
    const value = this.value.trim();
    if (value !== '' || byEndTag) {
      this.leaf(name, value);
      return;
    }
    if (this.stack.length >= DEPTH_MAX) {
      this.untracked += 1;
      return;
    }
    this.stack.push(name);
    this.open(name);
  }

  /** The innermost known aggregate open, and the known one around it. */
  private context(): [string | null, string | null] {
    let inner: string | null = null;
    for (let i = this.stack.length - 1; i >= 0; i -= 1) {
      const name = this.stack[i] as string;
      if (!KNOWN.has(name)) continue;
      if (inner === null) inner = name;
      else return [inner, name];
    }
    return [inner, null];
  }

  // --- structure -----------------------------------------------------------------------------

  private open(name: string): void {
    if (RESPONSES.has(name)) {
      this.response = {
        status: { severity: null, code: null, message: null },
        hadStatement: false,
      };
      return;
    }
    switch (name) {
      case 'STMTRS':
      case 'CCSTMTRS':
        this.statement = this.newStatement(name === 'STMTRS' ? 'bank' : 'card');
        return;
      case 'INVSTMTRS':
      case 'LOANSTMTRS':
        if (this.response) this.response.hadStatement = true;
        this.other = {
          kind: name === 'INVSTMTRS' ? 'investment' : 'loan',
          accountId: null,
          currency: null,
        };
        return;
      case 'STMTTRN':
        // A transaction without its end tag ends where the next one starts.
        if (this.transaction) this.finish(this.transaction, true);
        this.transaction = null;
        // Bank transactions inside an investment statement (INVBANKTRAN) are not rows.
        if (this.other) return;
        this.statement ??= this.newStatement('none');
        this.lines += 1;
        this.transaction = {
          line: this.lines,
          statement: this.statement,
          leaves: new Map(),
          text: '',
          currency: null,
          payeeName: null,
        };
        return;
      default:
    }
  }

  private close(name: string, closed: boolean): void {
    switch (name) {
      case 'STMTTRN':
        if (this.transaction) this.finish(this.transaction, closed);
        this.transaction = null;
        return;
      case 'STMTRS':
      case 'CCSTMTRS':
        this.statement = null;
        return;
      case 'INVSTMTRS':
      case 'LOANSTMTRS':
        if (this.other) this.unsupported.push(this.other);
        this.other = null;
        return;
      default:
    }
    if (RESPONSES.has(name) && this.response) {
      const { status, hadStatement } = this.response;
      if (status.severity === 'ERROR') {
        if (name === 'SONRS') this.signOnError = status;
        else if (!hadStatement) this.failedResponses.push(status);
      }
      this.response = null;
    }
  }

  private newStatement(kind: Statement['kind']): Statement {
    if (this.statements.length >= IMPORT_STATEMENTS_MAX) {
      throw new AppError('UNPROCESSABLE', OFX_MESSAGES.tooManyStatements);
    }
    const status = this.response?.status;
    if (this.response) this.response.hadStatement = true;
    const statement: Statement = {
      kind,
      parsed: {
        index: this.statements.length,
        label: '',
        accountRef: null,
        currency: null,
        rows: [],
        errors: [],
      },
      accountType: null,
      accountId: null,
      failed: status?.severity === 'ERROR' ? statusDetail(status) : null,
    };
    this.statements.push(statement);
    return statement;
  }

  private leaf(name: string, value: string): void {
    const [inner, outer] = this.context();
    const transaction = this.transaction;
    switch (inner) {
      case 'STMTTRN':
        if (!transaction) return;
        if (!transaction.leaves.has(name)) transaction.leaves.set(name, value);
        if (value !== '' && transaction.text.length < ROW_TEXT_MAX) {
          transaction.text += `${transaction.text ? ' ' : ''}${value}`;
        }
        return;
      case 'CURRENCY':
        // The amount is in this currency (OFX 2.2 section 5.2).
        if (transaction && name === 'CURSYM') transaction.currency = currencyCode(value);
        return;
      case 'ORIGCURRENCY':
        // The amount was converted to the statement's currency; CURSYM is the original one.
        return;
      case 'PAYEE':
        if (transaction && name === 'NAME') transaction.payeeName ??= value;
        return;
      case 'BANKACCTFROM':
      case 'CCACCTFROM':
        if (!this.statement) return;
        if (name === 'ACCTID') this.statement.accountId ??= clip(value, 64);
        if (name === 'ACCTTYPE') this.statement.accountType ??= value.toUpperCase();
        return;
      case 'INVACCTFROM':
      case 'LOANACCTFROM':
        if (this.other && name === 'ACCTID') this.other.accountId ??= clip(value, 64);
        return;
      case 'STMTRS':
      case 'CCSTMTRS':
        if (this.statement && name === 'CURDEF') {
          this.statement.parsed.currency ??= currencyCode(value);
        }
        return;
      case 'INVSTMTRS':
      case 'LOANSTMTRS':
        if (this.other && name === 'CURDEF') this.other.currency ??= currencyCode(value);
        return;
      case 'STATUS':
        if (this.response && outer !== null && RESPONSES.has(outer)) {
          const status = this.response.status;
          if (name === 'SEVERITY') status.severity = value.toUpperCase();
          if (name === 'CODE') status.code = clip(value, 20);
          if (name === 'MESSAGE') status.message = clip(value, 200);
        }
        return;
      default:
    }
  }

  // --- rows ----------------------------------------------------------------------------------

  private finish(transaction: Transaction, closed: boolean): void {
    const { line, leaves, statement } = transaction;
    const target = statement.parsed;
    const error = (reason: string) =>
      target.errors.push({ line, reason, text: shortText(transaction.text) });
    if (this.lines > IMPORT_ROWS_MAX) {
      throw new AppError('UNPROCESSABLE', FILE_MESSAGES.tooManyRows(IMPORT_ROWS_MAX));
    }
    if (!closed) return void error(OFX_MESSAGES.cutOff);
    if (statement.failed) return void error(OFX_MESSAGES.failed(statement.failed));

    // The calendar date as written: a time and a zone ([-5:EST]) after it do not move it.
    const dateText = leaves.get('DTPOSTED') || leaves.get('DTUSER') || '';
    if (dateText === '') return void error(OFX_MESSAGES.noDate);
    const day = dateText.slice(0, 8);
    let digits = day.length === 8;
    for (let i = 0; digits && i < 8; i += 1) {
      const c = day.charCodeAt(i);
      digits = c >= 48 && c <= 57;
    }
    const occurredOn = digits ? parseDate(day, 'ymd', this.options.today) : null;
    if (!occurredOn) return void error(OFX_MESSAGES.notDate(shortText(dateText).slice(0, 40)));

    const amountText = leaves.get('TRNAMT') ?? '';
    if (amountText === '') return void error(OFX_MESSAGES.noAmount);
    const amount = parseAmount(amountText, amountDecimal(amountText));
    if ('error' in amount) return void error(amount.error);
    if (amount.exact.value === 0n) return void error(OFX_MESSAGES.zero);

    // NAME is who the money went to or came from (or PAYEE's NAME), MEMO what it was for.
    const name = leaves.get('NAME') || transaction.payeeName || '';
    const memo = leaves.get('MEMO') ?? '';
    const row: ParsedRow = {
      line,
      occurredOn,
      amountCents: amount.cents,
      exactAmount: amount.exact,
      description: clip(memo || name, DESCRIPTION_MAX),
      payee: clip(name, PAYEE_MAX),
      bankRef: clip(leaves.get('FITID') ?? '', 255) || null,
      categoryName: null,
      currency: transaction.currency ?? target.currency,
      writtenAmount: amount.written,
    };
    target.rows.push(row);
  }

  private result(): ReadResult {
    const unsupported = [
      ...this.unsupported.map((other) => ({
        label: [
          other.kind === 'investment' ? 'Investment account' : 'Loan',
          other.accountId ? `••${lastFour(other.accountId)}` : null,
          other.currency ? `(${other.currency})` : null,
        ]
          .filter((part) => part !== null)
          .join(' '),
        reason: other.kind === 'investment' ? OFX_MESSAGES.investment() : OFX_MESSAGES.loan(),
      })),
      ...this.failedResponses.map((status, i) => ({
        label: `Statement response ${i + 1}`,
        reason: OFX_MESSAGES.errorResponse(statusDetail(status)),
      })),
    ];
    if (this.statements.length === 0) {
      if (unsupported.length > 0) {
        const reasons = [...new Set(unsupported.map((part) => part.reason))];
        throw new AppError('UNPROCESSABLE', OFX_MESSAGES.nothing(reasons));
      }
      throw new AppError(
        'UNPROCESSABLE',
        OFX_MESSAGES.noStatement(this.signOnError ? statusDetail(this.signOnError) : null),
      );
    }
    const statements = this.statements.map((statement) => ({
      ...statement.parsed,
      label: statementLabel(statement),
      accountRef: statement.accountId,
    }));
    return { format: 'ofx', statements, unsupported, csv: null, choices: [] };
  }
}

/** Whether the text is OFX or QFX: looks at its first 4 KB only, without patterns. */
export function isOfx(text: string): boolean {
  const head = text.slice(0, 4096).trimStart().toUpperCase();
  if (head.startsWith('OFXHEADER')) {
    const rest = head.slice('OFXHEADER'.length).trimStart();
    if (rest.startsWith(':')) return true;
  }
  if (head.includes('<OFX>')) return true;
  return head.startsWith('<?XML') && head.includes('<?OFX');
}

/** Reads every bank and credit card statement of an OFX/QFX file (see the head of this file). */
export function parseOfx(text: string, options: ReadOptions): ReadResult {
  return new OfxReader(text, options).read();
}

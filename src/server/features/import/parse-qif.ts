import { AppError } from '../../lib/app-error.js';
import { DESCRIPTION_MAX } from '../../../shared/schemas/account.js';
import { IMPORT_FIELD_MAX, IMPORT_STATEMENTS_MAX, PAYEE_MAX } from '../../../shared/limits.js';
import type { DateOrder, ImportReading } from '../../../shared/schemas/import.js';
import { decideDecimal, parseAmount } from './amounts.js';
import { dateSeparator, decideDateOrder, parseDate, twoDigitYearChoice } from './dates.js';
import {
  clip,
  shortText,
  singleStatement,
  type ParsedRow,
  type ParsedStatement,
  type ReadingChoice,
  type ReadOptions,
  type ReadResult,
  type RowError,
} from './parsed-file.js';

// QIF (Quicken Interchange Format, docs/import.md#qif): records of one-letter fields ended by
// '^', in sections headed `!Type:Bank` (Cash, CCard, Oth A, Oth L): D date, T or U amount,
// P payee, M memo, L category, N check number. Split lines (S, E, $) are left out: the entry
// keeps the record's total. `!Account` (N name, T type, '^') names the account the sections
// after it belong to: each account is a statement of its own. Between `!Option:AutoSwitch` and
// `!Clear:AutoSwitch`, `!Account` is a list of accounts, not a switch. Investment sections
// (`!Type:Invst`) cannot be imported; lists (categories, classes, securities, memorized
// transactions, prices) are not transactions and are passed over.

export const QIF_MESSAGES = {
  investment: (records: number) =>
    `${records} investment ${records === 1 ? 'record' : 'records'} (!Type:Invst) cannot be imported: only bank, cash, credit card and other asset or liability records can (QIF types Bank, Cash, CCard, Oth A, Oth L)`,
  otherType: (type: string, records: number) =>
    `${records} ${records === 1 ? 'record' : 'records'} of type “${type}” cannot be imported: only bank, cash, credit card and other asset or liability records can (QIF types Bank, Cash, CCard, Oth A, Oth L)`,
  onlyInvestment:
    'This file holds only investment records (!Type:Invst), which cannot be imported: export a bank, cash or credit card account instead (QIF types Bank, Cash, CCard, Oth A, Oth L)',
  nothingImportable:
    'This file holds no records that can be imported: only QIF types Bank, Cash, CCard, Oth A and Oth L can',
  tooManyAccounts: (max: number) =>
    `This file holds more than ${max} accounts; export fewer accounts at a time and import each file`,
} as const;

/** The section types whose records are entries, and how a label names them. */
const IMPORTABLE: Record<string, string> = {
  bank: 'bank',
  cash: 'cash',
  ccard: 'credit card',
  'oth a': 'other asset',
  'oth l': 'other liability',
};
const INVESTMENT = new Set(['invst', 'port']);
/** Sections that are lists, not transactions. */
const LISTS = new Set([
  'cat',
  'class',
  'memorized',
  'security',
  'prices',
  'budget',
  'invitem',
  'template',
  'tag',
  'payee',
]);
/** How account types (`!Account` T) are named in a label. */
const ACCOUNT_TYPES: Record<string, string> = {
  ...IMPORTABLE,
  invst: 'investment',
  port: 'portfolio',
  '401(k)/403(b)': 'retirement',
  mutual: 'mutual fund',
};

/** What the lines before the first header may be: blank, or a comment. */
const COMMENT_MARKERS = ['#', ';', '//', '%', '--', '*'];
const HEADERS = ['!type:', '!account', '!option:', '!clear:'];
/** isQif looks at this much of the text, at most. */
const QIF_PREFIX = 8192;

const typeKey = (type: string) => type.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A QIF file: its first line that is neither blank nor a comment (`#`, `;`, `//`, `%`, `--`,
 * `*`) is a QIF header (`!Type:`, `!Account`, `!Option:`, `!Clear:`), within the first 8 KB.
 */
export function isQif(text: string): boolean {
  const head = text.slice(0, QIF_PREFIX);
  let start = 0;
  while (start < head.length) {
    let end = start;
    while (end < head.length && head[end] !== '\n' && head[end] !== '\r') end += 1;
    const line = head.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    const lower = line.slice(0, 16).toLowerCase();
    if (lower.startsWith('!')) return HEADERS.some((header) => lower.startsWith(header));
    if (!COMMENT_MARKERS.some((marker) => line.startsWith(marker))) return false;
  }
  return false;
}

interface QifRecord {
  /** The physical line the record starts on, 1-based. */
  line: number;
  fields: Map<string, string>;
  /** The record's text, for a row error (kept short). */
  text: string;
  closed: boolean;
}

interface Account {
  name: string;
  type: string;
}

interface StatementDraft {
  label: string;
  accountRef: string | null;
  records: QifRecord[];
}

interface UnsupportedDraft {
  label: string;
  type: string;
  investment: boolean;
  records: number;
}

type Section =
  | { kind: 'none' }
  | { kind: 'account' }
  | { kind: 'accountList' }
  | { kind: 'list' }
  | { kind: 'transactions'; type: string }
  | { kind: 'unsupported'; type: string; investment: boolean };

/** Split lines (S category, E memo, $ amount, % percent) are not the record's own fields. */
const SPLIT_CODES = new Set(['S', 'E', '$', '%']);
const RECORD_TEXT_MAX = 300;

function accountLabel(account: Account, sectionType: string): string {
  const type = ACCOUNT_TYPES[typeKey(account.type || sectionType)] ?? (account.type || sectionType);
  return account.name ? `${account.name} (${type})` : `Account (${type})`;
}

/** The file as statements of records and the parts that cannot be imported. */
function sectionsOf(text: string): {
  statements: StatementDraft[];
  unsupported: UnsupportedDraft[];
} {
  const statements = new Map<string, StatementDraft>();
  const unsupported = new Map<string, UnsupportedDraft>();
  let section: Section = { kind: 'none' };
  let autoSwitch = false;
  let account: Account | null = null;
  let current: QifRecord | null = null;

  const finish = (record: QifRecord) => {
    if (section.kind === 'account') {
      account = { name: record.fields.get('N') ?? '', type: record.fields.get('T') ?? '' };
      return;
    }
    if (section.kind === 'transactions') {
      const key = account === null ? '' : `${account.name}\u0000${account.type}`;
      let draft = statements.get(key);
      if (!draft) {
        draft = {
          label: account === null ? 'This file' : accountLabel(account, section.type),
          accountRef: account === null ? null : account.name || null,
          records: [],
        };
        statements.set(key, draft);
        if (statements.size > IMPORT_STATEMENTS_MAX) {
          throw new AppError('UNPROCESSABLE', QIF_MESSAGES.tooManyAccounts(IMPORT_STATEMENTS_MAX));
        }
      }
      draft.records.push(record);
      return;
    }
    if (section.kind === 'unsupported') {
      const label =
        account === null
          ? section.investment
            ? 'Investment records'
            : `Records of type ${section.type}`
          : accountLabel(account, section.type);
      const key = `${label}\u0000${section.type}`;
      const draft = unsupported.get(key) ?? {
        label,
        type: section.type,
        investment: section.investment,
        records: 0,
      };
      draft.records += 1;
      unsupported.set(key, draft);
    }
  };

  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const lineText = raw.trim();
    if (lineText === '') return;
    if (lineText.startsWith('!')) {
      // A header ends the record before it, even without its '^'.
      if (current) finish(current);
      current = null;
      const lower = lineText.slice(0, 64).toLowerCase();
      if (lower.startsWith('!option:autoswitch')) autoSwitch = true;
      else if (lower.startsWith('!clear:autoswitch')) autoSwitch = false;
      else if (lower.startsWith('!account')) {
        section = autoSwitch ? { kind: 'accountList' } : { kind: 'account' };
      } else if (lower.startsWith('!type:')) {
        const type = lineText.slice(6, 70).trim();
        const key = typeKey(type);
        section =
          IMPORTABLE[key] !== undefined
            ? { kind: 'transactions', type }
            : INVESTMENT.has(key)
              ? { kind: 'unsupported', type, investment: true }
              : LISTS.has(key)
                ? { kind: 'list' }
                : { kind: 'unsupported', type, investment: false };
      }
      return;
    }
    if (lineText === '^') {
      if (current) {
        current.closed = true;
        finish(current);
      }
      current = null;
      return;
    }
    current ??= { line: index + 1, fields: new Map(), text: '', closed: false };
    const code = lineText[0] ?? '';
    if (!SPLIT_CODES.has(code) && !current.fields.has(code)) {
      current.fields.set(code, lineText.slice(1, 1 + IMPORT_FIELD_MAX).trim());
    }
    if (current.text.length < RECORD_TEXT_MAX) {
      current.text += (current.text ? ' ' : '') + lineText.slice(0, RECORD_TEXT_MAX);
    }
  });
  if (current) finish(current);
  return { statements: [...statements.values()], unsupported: [...unsupported.values()] };
}

/** The person's decimal separator for a QIF, once ImportReading carries one. */
function givenDecimal(reading: ImportReading): '.' | ',' | undefined {
  const value = (reading as { decimalSeparator?: unknown }).decimalSeparator;
  return value === '.' || value === ',' ? value : undefined;
}

/**
 * The order a QIF's dates fall back to when they do not settle it: QIF is Quicken's (US) format,
 * so month-day-year, unless the file is European by its own signs: dates written with dots
 * (`02.03.26`, the European way) or amounts with a decimal comma. Either way, when the two
 * readings differ on some row the preview asks.
 */
function fallbackOrder(dates: readonly string[], decimal: '.' | ','): DateOrder {
  let dots = 0;
  let others = 0;
  for (const date of dates) {
    const separator = dateSeparator(date);
    if (separator === '.') dots += 1;
    else if (separator !== '') others += 1;
  }
  return dots > others || decimal === ',' ? 'dmy' : 'mdy';
}

const categoryOf = (field: string | undefined): string | null => {
  if (!field || field.startsWith('[')) return null; // [Account]: a transfer, not a category
  const name = (field.split('/')[0] ?? '').split(':').pop()?.trim() ?? '';
  return name || null;
};

function readRecord(
  record: QifRecord,
  order: DateOrder,
  decimal: '.' | ',',
  today: string,
): ParsedRow | RowError {
  const { line, fields } = record;
  const text = shortText(record.text);
  const dateText = fields.get('D') ?? '';
  const amountText = fields.get('T') ?? fields.get('U') ?? '';
  if (!record.closed && (dateText === '' || amountText === '')) {
    return { line, reason: 'The transaction is cut off: the file looks truncated', text };
  }
  const occurredOn = parseDate(dateText, order, today);
  if (!occurredOn) {
    return { line, reason: dateText ? `The date “${dateText}” is not a date` : 'No date', text };
  }
  const amount = parseAmount(amountText, decimal);
  if ('error' in amount) return { line, reason: amount.error, text };
  if (amount.exact.value === 0n) return { line, reason: 'The amount is zero', text };
  const payee = clip(fields.get('P') ?? '', PAYEE_MAX);
  const memo = clip(fields.get('M') ?? '', DESCRIPTION_MAX);
  return {
    line,
    occurredOn,
    amountCents: amount.cents,
    exactAmount: amount.exact,
    description: memo || payee,
    payee,
    bankRef: null,
    categoryName: categoryOf(fields.get('L')),
    currency: null,
    writtenAmount: amount.written,
  };
}

/**
 * Reads a QIF file: one statement per `!Account` (one for the whole file without any), the
 * date order and decimal separator decided from all of the file's dates and amounts (the
 * person's `reading.dateOrder` first), investment and unknown sections listed as unsupported.
 * A file with nothing but those is refused.
 */
export function parseQif(text: string, options: ReadOptions): ReadResult {
  const { statements: drafts, unsupported } = sectionsOf(text);
  const records = drafts.flatMap((draft) => draft.records);
  if (records.length === 0 && unsupported.length > 0) {
    throw new AppError(
      'UNPROCESSABLE',
      unsupported.some((part) => part.investment)
        ? QIF_MESSAGES.onlyInvestment
        : QIF_MESSAGES.nothingImportable,
    );
  }
  const dates = records.map((record) => record.fields.get('D') ?? '');
  const amounts = records.map((record) => record.fields.get('T') ?? record.fields.get('U') ?? '');
  const decimalDecision = decideDecimal(amounts, {
    given: givenDecimal(options.reading),
    answer: 'reading.decimalSeparator',
  });
  const { decimal } = decimalDecision;
  const orderDecision = decideDateOrder(dates, {
    fallback: fallbackOrder(dates, decimal),
    given: options.reading.dateOrder,
    answer: 'reading.dateOrder',
    today: options.today,
  });
  const { order } = orderDecision;
  const choices = [
    orderDecision.choice,
    twoDigitYearChoice(dates, order, options.today),
    decimalDecision.choice,
  ].filter((choice): choice is ReadingChoice => choice !== null);

  const statements: ParsedStatement[] = drafts.map((draft, index) => {
    const rows: ParsedRow[] = [];
    const errors: RowError[] = [];
    for (const record of draft.records) {
      const read = readRecord(record, order, decimal, options.today);
      if ('reason' in read) errors.push(read);
      else rows.push(read);
    }
    if (draft.accountRef === null && draft.label === 'This file') {
      return { ...singleStatement(rows, errors), index };
    }
    return {
      index,
      label: draft.label,
      accountRef: draft.accountRef,
      currency: null,
      rows,
      errors,
    };
  });
  if (statements.length === 0) statements.push(singleStatement([], []));
  return {
    format: 'qif',
    statements,
    unsupported: unsupported.map((part) => ({
      label: part.label,
      reason: part.investment
        ? QIF_MESSAGES.investment(part.records)
        : QIF_MESSAGES.otherType(part.type, part.records),
    })),
    csv: null,
    choices,
  };
}

import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import { formatCents } from '../../../shared/money.js';
import { decimalsLimitMessage, formatMinorUnits } from '../../../shared/currency-money.js';
import { currencyExponent, isRateCurrencyCode } from '../../../shared/currencies.js';
import { findAccount } from '../accounts/index.js';
import {
  assertStatementCurrency,
  inAccountCurrency,
  type TargetAccount,
} from './account-amounts.js';
import {
  csvMappingSchema,
  type CsvMapping,
  type ImportReading,
} from '../../../shared/schemas/import.js';
import { bookToday } from '../ledger/index.js';
import { findMapping } from './import-repository.js';
import { readBankFile, type BankFile } from './read-bank-file.js';
import type {
  ParsedFile,
  ParsedRow,
  ParsedStatement,
  ReadingChoice,
  RowError,
} from './parsed-file.js';

// Reading an import's file the way the person asked (docs/import.md#choices): the mapping and
// answers they gave, the account's remembered CSV mapping, which account each statement goes
// to, and the choices the file leaves open that only the whole file shows (several statements,
// amounts below the cent, dates far ahead).

export const READING_MESSAGES = {
  noStatement: (index: number, count: number) =>
    `There is no statement ${index + 1} in this file: it has ${count}`,
  statementTwice: (index: number) => `Statement ${index + 1} is named twice`,
  sameAccountTwice: 'Two statements cannot go to the same account: choose one account for each',
  openChoice: (evidence: string) => `Answer this before importing: ${evidence}`,
  subCent: (written: string) =>
    `The amount “${written}” has more than two decimals (import it rounded, or leave it out)`,
  subUnit: (written: string, currency: string) =>
    `The amount “${written}” has more decimals than ${currency} has: ${decimalsLimitMessage(currency)} (import it rounded, or leave it out)`,
  farFuture: (date: string) =>
    `The date ${date} is more than a year ahead (confirm far-future dates to import it)`,
} as const;

export interface ReadRequest {
  bookId: string;
  accountId: string;
  content: string;
  mapping?: CsvMapping | undefined;
  reading?: ImportReading | undefined;
  statements?: { index: number; accountId: string | null }[] | undefined;
}

/** A statement of the file and the account its rows go to (null: skipped). */
export interface StatementTarget {
  statement: ParsedStatement;
  accountId: string | null;
}

export interface ImportFile {
  parsed: ParsedFile;
  sha256: string;
  targets: StatementTarget[];
  /** Every choice: the readers' and the file-wide ones made here. */
  choices: ReadingChoice[];
  /** The currency of each account a statement goes to, as read with the file. */
  currencies: Map<string, string>;
}

/** The file read with the given mapping, else the account's remembered one when it fits, else a guess. */
async function parseWithMapping(
  db: DbOrTx,
  req: ReadRequest,
  file: BankFile,
  today: string,
): Promise<ParsedFile> {
  const reading = req.reading ?? {};
  if (req.mapping !== undefined) {
    return readBankFile(file, { reading, mapping: req.mapping, today });
  }
  const stored = await findMapping(db, req.bookId, req.accountId);
  const remembered =
    stored === undefined ? undefined : csvMappingSchema.safeParse(JSON.parse(stored));
  return readBankFile(file, {
    reading,
    today,
    ...(remembered?.success && { remembered: remembered.data }),
  });
}

/** Which account each statement goes to: as asked, else the first to the import's account. */
function targetsOf(parsed: ParsedFile, req: ReadRequest): StatementTarget[] {
  const { statements } = parsed;
  if (req.statements === undefined) {
    return statements.map((statement, i) => ({
      statement,
      accountId: i === 0 ? req.accountId : null,
    }));
  }
  const chosen = new Map<number, string | null>();
  for (const { index, accountId } of req.statements) {
    if (index >= statements.length) {
      throw new AppError('UNPROCESSABLE', READING_MESSAGES.noStatement(index, statements.length));
    }
    if (chosen.has(index))
      throw new AppError('UNPROCESSABLE', READING_MESSAGES.statementTwice(index));
    chosen.set(index, accountId);
  }
  const accounts = [...chosen.values()].filter((id): id is string => id !== null);
  if (new Set(accounts).size !== accounts.length) {
    throw new AppError('UNPROCESSABLE', READING_MESSAGES.sameAccountTwice);
  }
  return statements.map((statement) => ({
    statement,
    accountId: chosen.get(statement.index) ?? null,
  }));
}

/**
 * Whether a row's amounts keep the two-decimal words they always had: a currency of two decimals,
 * or none known (a skipped statement's rows keep what the file stated, which may be no currency).
 */
const twoDecimals = (code: string | null): boolean =>
  code === null || !isRateCurrencyCode(code) || currencyExponent(code) === 2;

const yearAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The choices only the file as a whole shows, and the rows they hold back: several statements
 * (which account each), amounts written below the cent (imported rounded only when the person
 * says so), dates more than a year ahead (only when confirmed). A row held back by an answer of
 * "no" becomes a row error saying why.
 */
function fileChoices(
  targets: StatementTarget[],
  req: ReadRequest,
  today: string,
): { choices: ReadingChoice[]; targets: StatementTarget[] } {
  const choices: ReadingChoice[] = [];
  if (targets.length > 1) {
    const labels = targets.map(({ statement }) => statement.label);
    choices.push({
      kind: 'statements',
      answer: 'statements',
      chosen: targets
        .map(({ statement, accountId }) => `${statement.label}: ${accountId ?? 'skipped'}`)
        .join('; '),
      options: labels,
      evidence: `This file holds ${targets.length} statements (${labels.join(', ')}): choose an account for each, or skip it`,
      needsAnswer: req.statements === undefined,
      rows: targets.reduce((sum, { statement }) => sum + statement.rows.length, 0),
    });
  }
  const imported = targets.filter((t) => t.accountId !== null);
  const rows = imported.flatMap(({ statement }) => statement.rows);
  const { roundSubCents, allowFarFutureDates } = req.reading ?? {};

  const rounded = rows.filter((row) => row.writtenAmount !== null);
  if (rounded.length > 0) {
    const first = rounded[0] as ParsedRow;
    const amounts = `${rounded.length} amount${rounded.length === 1 ? ' is' : 's are'}`;
    // Rows are in their account's currency here; two decimals keep the words they always had.
    const currency = first.currency;
    const evidence =
      currency === null || twoDecimals(currency)
        ? `${amounts} written with more than two decimals (line ${first.line}: ${first.writtenAmount} becomes ${formatCents(first.amountCents)}); rounded half-even to the cent`
        : `${amounts} written with more decimals than the account's currency has (line ${first.line}: ${first.writtenAmount} becomes ${formatMinorUnits(first.amountCents, currency)} ${currency}; ${decimalsLimitMessage(currency)}); rounded half-even to the smallest unit`;
    choices.push({
      kind: 'subCents',
      answer: 'reading.roundSubCents',
      chosen: roundSubCents === false ? 'leave out' : 'round half-even',
      options: ['round half-even', 'leave out'],
      evidence,
      needsAnswer: roundSubCents === undefined,
      rows: rounded.length,
    });
  }
  const limit = yearAfter(today);
  const ahead = rows.filter((row) => row.occurredOn > limit);
  if (ahead.length > 0) {
    const latest = ahead.reduce((max, row) => (row.occurredOn > max ? row.occurredOn : max), '');
    choices.push({
      kind: 'farFutureDates',
      answer: 'reading.allowFarFutureDates',
      chosen: allowFarFutureDates === false ? 'leave out' : 'import',
      options: ['import', 'leave out'],
      evidence: `${ahead.length} row${ahead.length === 1 ? ' is' : 's are'} dated more than a year after today (${today}), the latest ${latest}: check the date order and the century before importing`,
      needsAnswer: allowFarFutureDates === undefined,
      rows: ahead.length,
    });
  }
  if (roundSubCents !== false && allowFarFutureDates !== false) return { choices, targets };
  // Rows the person chose to leave out become errors, so the review says why they are missing.
  const heldBack = (row: ParsedRow): string | null =>
    roundSubCents === false && row.writtenAmount !== null
      ? row.currency === null || twoDecimals(row.currency)
        ? READING_MESSAGES.subCent(row.writtenAmount)
        : READING_MESSAGES.subUnit(row.writtenAmount, row.currency)
      : allowFarFutureDates === false && row.occurredOn > limit
        ? READING_MESSAGES.farFuture(row.occurredOn)
        : null;
  return {
    choices,
    targets: targets.map(({ statement, accountId }) => {
      const errors: RowError[] = [...statement.errors];
      const kept = statement.rows.filter((row) => {
        const reason = heldBack(row);
        if (reason === null) return true;
        errors.push({ line: row.line, reason, text: `${row.occurredOn} ${row.description}` });
        return false;
      });
      return { accountId, statement: { ...statement, rows: kept, errors } };
    }),
  };
}

/**
 * Each imported statement in its account's currency (docs/import.md#currencies): the accounts
 * are read (404 for one that is not the book's live account), a statement stated in another
 * currency is refused, and every row's amount becomes minor units of the account's currency.
 */
async function inAccountCurrencies(
  db: DbOrTx,
  bookId: string,
  targets: StatementTarget[],
): Promise<{ targets: StatementTarget[]; currencies: Map<string, string> }> {
  const accounts = new Map<string, TargetAccount>();
  for (const { accountId } of targets) {
    if (accountId === null || accounts.has(accountId)) continue;
    const account = await findAccount(db, bookId, accountId);
    if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
    accounts.set(accountId, { title: account.title, currency: account.currency });
  }
  const several = targets.length > 1;
  for (const { statement, accountId } of targets) {
    const account = accountId === null ? undefined : accounts.get(accountId);
    if (account) assertStatementCurrency(statement, account, several);
  }
  return {
    targets: targets.map((target) => {
      const account = target.accountId === null ? undefined : accounts.get(target.accountId);
      return account
        ? { ...target, statement: inAccountCurrency(target.statement, account) }
        : target;
    }),
    currencies: new Map([...accounts].map(([id, account]) => [id, account.currency])),
  };
}

/** Reads an import's file as asked: the statements, their accounts and every choice. */
export async function readImportFile(db: DbOrTx, req: ReadRequest): Promise<ImportFile> {
  const bytes = Buffer.from(req.content, 'base64');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const today = await bookToday(db, req.bookId);
  const parsed = await parseWithMapping(db, req, { bytes, sha256 }, today);
  const placed = await inAccountCurrencies(db, req.bookId, targetsOf(parsed, req));
  const wide = fileChoices(placed.targets, req, today);
  return {
    parsed,
    sha256,
    targets: wide.targets,
    choices: [...parsed.choices, ...wide.choices],
    currencies: placed.currencies,
  };
}

/** Refuses a commit while the file leaves a question unanswered (the preview lists them). */
export function assertAnswered(choices: readonly ReadingChoice[]): void {
  const open = choices.find((choice) => choice.needsAnswer);
  if (open) throw new AppError('UNPROCESSABLE', READING_MESSAGES.openChoice(open.evidence));
}

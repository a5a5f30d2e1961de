import { AppError } from '../../lib/app-error.js';
import { currencyExponent, type CurrencyExponent } from '../../../shared/currencies.js';
import { currencyBounds } from '../../../shared/currency-money.js';
import { roundHalfEven } from '../../../shared/exchange-rate.js';
import type { ExactAmount } from './amounts.js';
import type { ParsedRow, ParsedStatement, RowError } from './parsed-file.js';

// A statement's rows in its account's currency (docs/import.md#currencies). The readers give
// each amount exactly as written; only once the statement's account is known can it become
// minor units of that account's currency, at its exponent (JPY 0, USD 2, KWD 3). A file in
// another currency than its account is refused, never converted: the account decides what an
// amount is.

export const ACCOUNT_AMOUNT_MESSAGES = {
  /** The file (or one of its statements) says it is in another currency than the account. */
  fileCurrency: (fileCurrency: string, title: string, accountCurrency: string) =>
    `This file is in ${fileCurrency}; the account ${title} is in ${accountCurrency}`,
  statementCurrency: (
    label: string,
    fileCurrency: string,
    title: string,
    accountCurrency: string,
  ) =>
    `The statement “${label}” is in ${fileCurrency}; the account ${title} is in ${accountCurrency}`,
  rowCurrency: (rowCurrency: string, title: string, accountCurrency: string) =>
    `This row is in ${rowCurrency}; the account ${title} is in ${accountCurrency}`,
  tooLarge: (written: string) => `The amount “${written}” is too large`,
  roundsToZero: (written: string, currency: string) =>
    `The amount “${written}” is less than the smallest ${currency} amount`,
} as const;

/** The account a statement goes to, as far as its amounts are concerned. */
export interface TargetAccount {
  title: string;
  currency: string;
}

/** An exact decimal as plain text: -12.5 for { value: -125n, scale: 1 }. */
export function exactText({ value, scale }: ExactAmount): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(digits.length - scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Minor units at `exponent` of an exact decimal: exact when it has at most that many decimals,
 * else rounded half-even on the minor unit (the magnitude, so a sign never changes the result).
 */
export function minorUnitsOf(
  amount: ExactAmount,
  exponent: CurrencyExponent,
): { minor: bigint; exact: boolean } {
  if (amount.scale <= exponent) {
    return { minor: amount.value * 10n ** BigInt(exponent - amount.scale), exact: true };
  }
  return {
    minor: roundHalfEven(amount.value, 10n ** BigInt(amount.scale - exponent)),
    exact: false,
  };
}

/**
 * Refuses a statement that states another currency than its account's (OFX CURDEF, camt
 * Acct/Ccy), naming both; `several` when the file holds more than one statement.
 */
export function assertStatementCurrency(
  statement: ParsedStatement,
  account: TargetAccount,
  several: boolean,
): void {
  const stated = statement.currency;
  if (stated === null || stated === account.currency) return;
  throw new AppError(
    'UNPROCESSABLE',
    several
      ? ACCOUNT_AMOUNT_MESSAGES.statementCurrency(
          statement.label,
          stated,
          account.title,
          account.currency,
        )
      : ACCOUNT_AMOUNT_MESSAGES.fileCurrency(stated, account.title, account.currency),
  );
}

/**
 * The statement's rows with their amounts in minor units of the account's currency and that
 * currency as theirs. A row in another currency (OFX CURRENCY, camt Amt/@Ccy), past the bound of
 * one operation or below the currency's smallest unit becomes a row error; one written with more
 * decimals than the currency has keeps `writtenAmount` (the file-wide choice decides whether it is
 * imported rounded, import-reading.ts). Linear in the rows.
 */
export function inAccountCurrency(
  statement: ParsedStatement,
  account: TargetAccount,
): ParsedStatement {
  const exponent = currencyExponent(account.currency);
  const { maxOperation } = currencyBounds(account.currency);
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [...statement.errors];
  for (const row of statement.rows) {
    const fail = (reason: string) =>
      errors.push({ line: row.line, reason, text: `${row.occurredOn} ${row.description}` });
    if (row.currency !== null && row.currency !== account.currency) {
      fail(ACCOUNT_AMOUNT_MESSAGES.rowCurrency(row.currency, account.title, account.currency));
      continue;
    }
    const { minor, exact } = minorUnitsOf(row.exactAmount, exponent);
    const written = row.writtenAmount ?? exactText(row.exactAmount);
    if (minor > maxOperation || minor < -maxOperation) {
      fail(ACCOUNT_AMOUNT_MESSAGES.tooLarge(written));
      continue;
    }
    if (minor === 0n) {
      fail(ACCOUNT_AMOUNT_MESSAGES.roundsToZero(written, account.currency));
      continue;
    }
    rows.push({
      ...row,
      amountCents: minor,
      currency: account.currency,
      writtenAmount: exact ? null : written,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { ...statement, rows, errors };
}

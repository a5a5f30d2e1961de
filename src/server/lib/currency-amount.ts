import { AMOUNT_FIELD, amountRefusalsIn, type AmountField } from '../../shared/currency-amounts.js';
import { unitsToMinorUnits } from '../../shared/currency-money.js';
import type { ErrorIssue } from '../../shared/errors.js';
import { validationError } from './app-error.js';

/**
 * Amounts judged against their account's currency, once the service has loaded the account
 * (docs/money.md#account-currency, decision 035): the input schemas take any amount some
 * currency may hold; here a JPY amount with decimals, or a USD one with three, is a 400 in the
 * words src/shared/currency-amounts.ts gives, at the field's path.
 */

/** One amount of an input: its value, what kind of field it is, and where it is in the input. */
export interface AmountAt {
  units: number;
  field?: AmountField | undefined;
  /** The issue path, as a schema's issue would give it: 'amount', 'splits.0.amount'. */
  path: string;
}

/** Every problem of these amounts in `currency`; [] when each is one. */
export function amountIssues(amounts: readonly AmountAt[], currency: string): ErrorIssue[] {
  return amounts.flatMap(({ units, field, path }) =>
    amountRefusalsIn(field ?? AMOUNT_FIELD, units, currency).map((message) => ({ path, message })),
  );
}

/** Refuses (400) any of these amounts `currency` cannot hold, naming every problem. */
export function assertAmountsIn(amounts: readonly AmountAt[], currency: string): void {
  const issues = amountIssues(amounts, currency);
  if (issues.length > 0) throw validationError(issues);
}

/** The minor units of one amount of `currency`, or a 400 at `path` when it cannot be one. */
export function minorUnitsIn(
  units: number,
  currency: string,
  path = 'amount',
  field: AmountField = AMOUNT_FIELD,
): bigint {
  assertAmountsIn([{ units, field, path }], currency);
  return unitsToMinorUnits(units, currency);
}

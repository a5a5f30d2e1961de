import { currencyExponent } from './currencies.js';
import {
  currencyBounds,
  decimalsLimitMessage,
  formatMinorUnits,
  hasAtMostDecimals,
  minorUnitsToUnits,
} from './currency-money.js';

/**
 * The one place the refusals of an amount in an account's currency come from, for the server's
 * services and the client's forms alike (docs/money.md#account-currency). An exponent-2 currency
 * (USD, EUR, ...) is refused in the words the API always used ("Amount must have at most two
 * decimal places", "Amount must be at most 1,000,000,000.00"), so nothing a USD book answers
 * changes; other exponents say their currency ("JPY amounts have no decimals", "Amount must be at
 * most 100,000,000,000 JPY").
 */

/** How far an amount field may go, in minor units of its currency. */
export interface AmountField {
  /** The field's name in messages: "Amount", "Credit limit", "Opening balance". */
  label: string;
  /** 'positive': above 0; 'zero': 0 or more; 'signed': down to minus the largest value. */
  floor: 'positive' | 'zero' | 'signed';
  /** The largest value: one operation's or a balance's (currencyBounds). */
  ceiling: 'operation' | 'balance';
  /** What a too-large value says; left out: "<label> must be at most <bound>". */
  tooLarge?: string;
}

export const AMOUNT_FIELD: AmountField = {
  label: 'Amount',
  floor: 'positive',
  ceiling: 'operation',
};
export const CREDIT_LIMIT_FIELD: AmountField = {
  label: 'Credit limit',
  floor: 'zero',
  ceiling: 'balance',
};
export const OPENING_BALANCE_FIELD: AmountField = {
  label: 'Opening balance',
  floor: 'signed',
  ceiling: 'operation',
};
export const STATEMENT_BALANCE_FIELD: AmountField = {
  label: 'Statement balance',
  floor: 'signed',
  ceiling: 'balance',
};

/**
 * A bound as messages write it: an exponent-2 currency as the API always did, without its code
 * ("1,000,000,000.00"); any other with its own decimals and its code ("100,000,000,000 JPY").
 */
export function boundText(minorUnits: bigint, currency: string): string {
  const text = formatMinorUnits(minorUnits, currency);
  return currencyExponent(currency) === 2 ? text : `${text} ${currency}`;
}

/** A signed figure for messages, as boundText writes it: "-12.50", "-1,500 JPY". */
export function signedAmountText(minorUnits: bigint, currency: string): string {
  const sign = minorUnits < 0n ? '-' : '';
  return `${sign}${boundText(minorUnits < 0n ? -minorUnits : minorUnits, currency)}`;
}

/** "Amount must have at most two decimal places" (exponent 2), else "JPY amounts have no decimals". */
export function decimalsRefusalIn(label: string, currency: string): string {
  return currencyExponent(currency) === 2
    ? `${label} must have at most two decimal places`
    : decimalsLimitMessage(currency);
}

/** The largest value of `field` in `currency`, in minor units. */
export function fieldCeiling(field: AmountField, currency: string): bigint {
  const bounds = currencyBounds(currency);
  return field.ceiling === 'operation' ? bounds.maxOperation : bounds.maxBalance;
}

/**
 * Every reason `units` cannot be `field` in `currency`, in the order the schemas always listed
 * them (the floor, the ceiling, then the decimals); [] when it can. The caller has already refused
 * what is not a finite number.
 */
export function amountRefusalsIn(field: AmountField, units: number, currency: string): string[] {
  const refusals: string[] = [];
  const ceiling = fieldCeiling(field, currency);
  // Compared as doubles, as zod's .max did: both sides are the doubles nearest their decimals.
  const largest = minorUnitsToUnits(ceiling, currency);
  if (field.floor === 'positive' && !(units > 0)) {
    refusals.push(`${field.label} must be greater than 0`);
  } else if (field.floor === 'zero' && units < 0) {
    refusals.push(`${field.label} must be 0 or more`);
  } else if (field.floor === 'signed' && units < -largest) {
    refusals.push(`${field.label} must be at least -${boundText(ceiling, currency)}`);
  }
  if (units > largest) {
    refusals.push(
      field.tooLarge ?? `${field.label} must be at most ${boundText(ceiling, currency)}`,
    );
  }
  if (!hasAtMostDecimals(units, currencyExponent(currency))) {
    refusals.push(decimalsRefusalIn(field.label, currency));
  }
  return refusals;
}

/** The first reason `units` cannot be `field` in `currency`, or null (what a form shows). */
export function amountRefusalIn(
  field: AmountField,
  units: number,
  currency: string,
): string | null {
  return amountRefusalsIn(field, units, currency)[0] ?? null;
}

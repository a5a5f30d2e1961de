import { sumCents } from '../../../shared/money.js';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import {
  minorUnitsOf,
  moneyEditText,
  moneyOf,
  plainMoneyText,
  unitsOf,
} from '../../components/forms/typed-amounts.js';

/** One line of the split editor as typed: its amount is text until it parses. */
export interface SplitDraftLine {
  key: string;
  categoryId: string;
  amountText: string;
  note: string;
}

export interface SplitRemainder {
  /**
   * Entry amount minus the lines that parse, in minor units of the entry's currency (cents of
   * USD; negative: the lines are too much).
   */
  cents: bigint | null;
  /** What the editor says: "$2.50 left to assign", "300 JPY too much", "Fully assigned". */
  text: string;
  /** Every line parses and they add up to the amount exactly. */
  balanced: boolean;
}

/**
 * What is left of the entry's amount once the lines are counted, computed in integer minor units
 * of its `currency` (the account's; src/shared/currency-money.ts), so 0.1 + 0.2 is exactly 0.30.
 * Lines not (yet) valid count as nothing and keep the split unbalanced.
 */
export function splitRemainder(
  amountText: string,
  lines: readonly SplitDraftLine[],
  currency: DisplayCurrency = USD,
): SplitRemainder {
  return splitRemainderOf(moneyOf(amountText, currency), lines, currency);
}

/** splitRemainder of an amount already read (`total` units, null when there is none). */
export function splitRemainderOf(
  total: number | null,
  lines: readonly SplitDraftLine[],
  currency: DisplayCurrency = USD,
): SplitRemainder {
  if (total === null) return { cents: null, text: 'Enter the amount first', balanced: false };
  const parsed = lines.map((line) => moneyOf(line.amountText, currency));
  const assigned = sumCents(
    parsed.map((amount) => (amount === null ? 0n : minorUnitsOf(amount, currency))),
  );
  const cents = minorUnitsOf(total, currency) - assigned;
  const allValid = parsed.every((amount) => amount !== null);
  if (cents === 0n) {
    return { cents, text: 'Fully assigned', balanced: allValid };
  }
  return cents > 0n
    ? { cents, text: `${plainMoneyText(cents, currency)} left to assign`, balanced: false }
    : { cents, text: `${plainMoneyText(-cents, currency)} too much`, balanced: false };
}

/** The remainder as a line's amount text ("2.50", "2,50", "300" in JPY), to fill the last line. */
export function remainderText(minorUnits: bigint, currency: DisplayCurrency = USD): string {
  return moneyEditText(unitsOf(minorUnits, currency), currency);
}

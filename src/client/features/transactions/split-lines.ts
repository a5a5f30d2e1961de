import { centsToUnits, formatCents, sumCents, unitsToCents } from '../../../shared/money.js';
import { amountEditText, amountOf } from '../../components/forms/typed-amounts.js';

/** One line of the split editor as typed: its amount is text until it parses. */
export interface SplitDraftLine {
  key: string;
  categoryId: string;
  amountText: string;
  note: string;
}

export interface SplitRemainder {
  /** Entry amount minus the lines that parse, in cents (negative: the lines are too much). */
  cents: bigint | null;
  /** What the editor says: "$2.50 left to assign", "$1.00 too much", "Fully assigned". */
  text: string;
  /** Every line parses and they add up to the amount exactly. */
  balanced: boolean;
}

/**
 * What is left of the entry's amount once the lines are counted, computed in integer cents
 * (src/shared/money.ts), so 0.1 + 0.2 is exactly 0.30. Lines not (yet) valid count as nothing
 * and keep the split unbalanced.
 */
export function splitRemainder(
  amountText: string,
  lines: readonly SplitDraftLine[],
): SplitRemainder {
  return splitRemainderOf(amountOf(amountText), lines);
}

/** splitRemainder of an amount already read (`total` units, null when there is none). */
export function splitRemainderOf(
  total: number | null,
  lines: readonly SplitDraftLine[],
): SplitRemainder {
  if (total === null) return { cents: null, text: 'Enter the amount first', balanced: false };
  const parsed = lines.map((line) => amountOf(line.amountText));
  const assigned = sumCents(parsed.map((amount) => (amount === null ? 0n : unitsToCents(amount))));
  const cents = unitsToCents(total) - assigned;
  const allValid = parsed.every((amount) => amount !== null);
  if (cents === 0n) {
    return { cents, text: 'Fully assigned', balanced: allValid };
  }
  return cents > 0n
    ? { cents, text: `$${formatCents(cents)} left to assign`, balanced: false }
    : { cents, text: `$${formatCents(-cents)} too much`, balanced: false };
}

/** The remainder as a line's amount text ("2.50", "2,50"), to fill the last line in one click. */
export function remainderText(cents: bigint): string {
  return amountEditText(centsToUnits(cents));
}

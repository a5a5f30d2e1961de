import {
  amountForEditingAt,
  type NumberMarks,
  type TypedMoney,
} from '../../../shared/typed-amount.js';
import type { CurrencyExponent } from '../../../shared/currencies.js';

/**
 * What the grid's Assigned cell does with what was typed (docs/client.md#the-budget-screen):
 * nothing is guessed. Text that cannot be read, or no text at all, is a problem shown at the
 * cell and nothing is sent; the same amount as now sends nothing either.
 */
export type AssignDecision =
  | { kind: 'unchanged' }
  | { kind: 'send'; minorUnits: bigint }
  | { kind: 'problem'; message: string };

export const EMPTY_ASSIGNED = 'Type an amount to assign; 0 assigns nothing.';

export function decideAssign(read: TypedMoney, currentMinorUnits: bigint): AssignDecision {
  if (read.kind === 'unreadable') return { kind: 'problem', message: read.message };
  if (read.kind === 'empty') return { kind: 'problem', message: EMPTY_ASSIGNED };
  if (read.minorUnits === currentMinorUnits) return { kind: 'unchanged' };
  return { kind: 'send', minorUnits: read.minorUnits };
}

/**
 * The cell's text for an assigned figure, in the locale's marks with the currency's decimals
 * and no grouping ("1250.00", "1250,00", "1250" for JPY). A figure below 0 (more moved out than
 * was assigned) keeps its sign, so it is never shown as its opposite; left as it is, it is not
 * sent again.
 */
export function assignedEditText(
  minorUnits: bigint,
  marks: NumberMarks,
  exponent: CurrencyExponent,
): string {
  const text = amountForEditingAt(minorUnits < 0n ? -minorUnits : minorUnits, marks, exponent);
  return minorUnits < 0n ? `-${text}` : text;
}

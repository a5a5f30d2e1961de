import { z } from 'zod';
import {
  BUDGET_MONTH_PATTERN,
  GOAL_KINDS,
  ROLLOVER_RULES,
  type GoalKind,
  type RolloverRule,
} from '../../../shared/schemas/budget.js';
import { amountText } from '../../components/forms/amount-text.js';
import { readMoney, unitsOf } from '../../components/forms/typed-amounts.js';
import type { DisplayCurrency } from '../../lib/format.js';

/**
 * The checks of the budget's dialogs: amounts as typed, read in the person's locale with the
 * base currency's decimals (components/forms/typed-amounts.ts), never guessed. Where a place
 * is chosen, To assign is this value (a select cannot hold null).
 */
export const TO_ASSIGN = 'to-assign';

/** The place as the API names it: a category id, or null for To assign. */
export const placeId = (value: string): string | null => (value === TO_ASSIGN ? null : value);

/** An amount of 0 or more (a hold, a cap): empty says `emptyMessage`, unreadable says why. */
export function amountOrZeroText(currency: DisplayCurrency, emptyMessage: string) {
  return z.string().transform((text, context) => {
    const read = readMoney(text, currency);
    if (read.kind === 'minorUnits') return unitsOf(read.minorUnits, currency);
    context.addIssue({
      code: 'custom',
      message: read.kind === 'unreadable' ? read.message : emptyMessage,
    });
    return z.NEVER;
  });
}

export interface MoveFormValues {
  amount: string;
  to: string;
}

export const moveFormSchema = (currency: DisplayCurrency) =>
  z.object({
    amount: amountText('Type the amount to move, more than 0.', { currency }),
    to: z.string().min(1, { error: 'Choose where the money goes.' }),
  });

export interface HoldFormValues {
  amount: string;
}

export const holdFormSchema = (currency: DisplayCurrency) =>
  z.object({
    amount: amountOrZeroText(currency, 'Type the amount to hold; 0 releases what is held.'),
  });

export interface RolloverFormValues {
  rule: string;
  cap: string;
}

const CAP_EMPTY = 'Type the most that may carry over; 0 carries nothing.';

/** The rule, and with `capped` (only with it) the cap. */
export const rolloverFormSchema = (currency: DisplayCurrency) =>
  z
    .object({ rule: z.enum(ROLLOVER_RULES, { error: 'Choose a rule.' }), cap: z.string() })
    .transform((values, context): { rule: RolloverRule; cap?: number } => {
      if (values.rule !== 'capped') return { rule: values.rule };
      const cap = amountOrZeroText(currency, CAP_EMPTY).safeParse(values.cap);
      if (cap.success) return { rule: 'capped', cap: cap.data };
      context.addIssue({
        code: 'custom',
        path: ['cap'],
        message: cap.error.issues[0]?.message ?? CAP_EMPTY,
      });
      return z.NEVER;
    });

export interface CoverFormValues {
  from: string;
}

export const coverFormSchema = z.object({
  from: z.string().min(1, { error: 'Choose where the money comes from.' }),
});

export interface GoalFormValues {
  kind: string;
  amount: string;
  /** 'YYYY-MM', as a month input gives it; only a by-date goal has one. */
  targetMonth: string;
}

const TARGET_MONTH = new RegExp(BUDGET_MONTH_PATTERN);

/** A goal: its kind, its amount (more than 0), and for a by-date goal its month. */
export const goalFormSchema = (currency: DisplayCurrency) =>
  z
    .object({
      kind: z.enum(GOAL_KINDS, { error: 'Choose what kind of goal.' }),
      amount: amountText('Type the goal amount, more than 0.', { currency }),
      targetMonth: z.string(),
    })
    .transform((values, context): { kind: GoalKind; amount: number; targetMonth?: string } => {
      if (values.kind !== 'by-date') return { kind: values.kind, amount: values.amount };
      if (TARGET_MONTH.test(values.targetMonth)) {
        return { kind: 'by-date', amount: values.amount, targetMonth: values.targetMonth };
      }
      context.addIssue({
        code: 'custom',
        path: ['targetMonth'],
        message: 'Choose the month the amount is due, like 2026-12.',
      });
      return z.NEVER;
    });

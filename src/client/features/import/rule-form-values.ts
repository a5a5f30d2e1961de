import { z } from 'zod';
import { RULE_NAME_MAX } from '../../../shared/limits.js';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import type { Rule } from '../../../shared/schemas/rule.js';
import type { RuleInput } from './api.js';
import { amountEditText, readAmountBound } from '../../components/forms/typed-amounts.js';

/**
 * The conditions a rule can have (docs/import.md#rules), each a row of the form: text to match,
 * an amount range, an account. A rule has each at most once and needs at least one.
 */
export const CONDITION_KINDS = ['text', 'amount', 'account'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export const CONDITION_LABELS: Record<ConditionKind, string> = {
  text: 'Text',
  amount: 'Amount range',
  account: 'Account',
};

/** The rule form as typed: every field text (the amounts too), and its condition rows in order. */
export interface RuleFormValues {
  name: string;
  /** The condition rows shown, in the order they were added. */
  conditions: ConditionKind[];
  field: 'description' | 'payee' | 'either';
  operator: 'contains' | 'equals' | 'matches';
  value: string;
  amountMin: string;
  amountMax: string;
  accountId: string;
  categoryId: string;
  payee: string;
  tags: string;
  description: string;
}

/**
 * A new rule's form: empty but for one text row, or what an edit's "Create rule" prefills (the
 * condition, the category and the name). Nothing else is carried from an earlier rule.
 */
export function ruleFormValues(prefill: RulePrefill): RuleFormValues {
  return {
    name: prefill.ruleText?.slice(0, RULE_NAME_MAX) ?? '',
    conditions: ['text'],
    field: prefill.ruleField ?? 'description',
    operator: 'contains',
    value: prefill.ruleText ?? '',
    amountMin: '',
    amountMax: '',
    accountId: '',
    categoryId: prefill.ruleCategoryId ?? '',
    payee: '',
    tags: '',
    description: '',
  };
}

const boundText = (units: number | null) => (units === null ? '' : amountEditText(units));

/** A saved rule in the form, to edit it: a row per condition it has. */
export function savedRuleValues(rule: Rule): RuleFormValues {
  const conditions: ConditionKind[] = [];
  if (rule.match) conditions.push('text');
  if (rule.amountMin !== null || rule.amountMax !== null) conditions.push('amount');
  if (rule.accountId) conditions.push('account');
  return {
    name: rule.name,
    conditions,
    field: rule.match?.field ?? 'description',
    operator: rule.match?.operator ?? 'contains',
    value: rule.match?.value ?? '',
    amountMin: boundText(rule.amountMin),
    amountMax: boundText(rule.amountMax),
    accountId: rule.accountId ?? '',
    categoryId: rule.set.categoryId ?? '',
    payee: rule.set.payee ?? '',
    tags: rule.set.tags?.join(', ') ?? '',
    description: rule.set.description ?? '',
  };
}

/** A bound typed in the person's locale; empty is none. Unreadable text is refused by the check. */
function optionalAmount(text: string): number | null {
  const bound = readAmountBound(text);
  return 'units' in bound ? bound.units : null;
}

/** The rule the values describe: only the rows shown count; empty fields set nothing. */
export function ruleDraft(values: RuleFormValues): RuleInput {
  const { field, operator, value, tags } = values;
  const has = (kind: ConditionKind) => values.conditions.includes(kind);
  return {
    name: values.name,
    match: has('text') && value.trim() ? { field, operator, value } : null,
    amountMin: has('amount') ? optionalAmount(values.amountMin) : null,
    amountMax: has('amount') ? optionalAmount(values.amountMax) : null,
    accountId: has('account') && values.accountId ? values.accountId : null,
    set: {
      categoryId: values.categoryId || null,
      payee: values.payee.trim() || null,
      tags: tags.trim()
        ? tags
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean)
        : null,
      description: values.description.trim() || null,
    },
  };
}

/** The messages the form gives at its fields (the server says the same in its own words). */
export const RULE_FORM_MESSAGES = {
  name: 'Give the rule a name',
  noCondition: 'Add a condition: text to match, an amount range or an account',
  blankText: 'Type the text to match, or remove this condition',
  noBound: 'Type an amount in at least one of the two fields, or remove this condition',
  range: '“Amount up to” must not be below “Amount from”',
  noAccount: 'Choose an account, or remove this condition',
  noAction: 'Set at least one thing: a category, payee, tags or description',
} as const;

/**
 * What the form checks before sending, each problem at its field: the amount bounds read in the
 * person's locale (what cannot be read is refused, never sent as something else), each condition
 * row filled in, something to set. A pattern's safety and the rest are the server's to say.
 * Problems of the whole condition list are at `conditions`, of the actions at `set`.
 */
export const ruleFormSchema = z
  .custom<RuleFormValues>()
  .superRefine((values, context) => {
    const at = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.name.trim() === '') at('name', RULE_FORM_MESSAGES.name);
    if (values.conditions.length === 0) at('conditions', RULE_FORM_MESSAGES.noCondition);
    if (values.conditions.includes('text') && values.value.trim() === '') {
      at('value', RULE_FORM_MESSAGES.blankText);
    }
    if (values.conditions.includes('amount')) {
      const bounds = (['amountMin', 'amountMax'] as const).map((name) => {
        const bound = readAmountBound(values[name]);
        if ('problem' in bound) at(name, bound.problem);
        return 'units' in bound ? bound.units : undefined;
      });
      const [min, max] = bounds;
      if (min === null && max === null) at('amountMin', RULE_FORM_MESSAGES.noBound);
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        at('amountMax', RULE_FORM_MESSAGES.range);
      }
    }
    if (values.conditions.includes('account') && values.accountId === '') {
      at('accountId', RULE_FORM_MESSAGES.noAccount);
    }
    const { set } = ruleDraft(values);
    if (!set.categoryId && !set.payee && !set.tags && !set.description) {
      at('set', RULE_FORM_MESSAGES.noAction);
    }
  })
  .transform(ruleDraft);

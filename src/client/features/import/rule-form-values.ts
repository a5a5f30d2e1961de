import { z } from 'zod';
import { RULE_NAME_MAX } from '../../../shared/limits.js';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import type { RuleInput } from './api.js';
import { readAmountBound } from '../../lib/typed-amounts.js';

/** The rule form as typed: every field text (the amounts too), the condition's two choices. */
export interface RuleFormValues {
  name: string;
  field: 'description' | 'payee' | 'either';
  operator: 'contains' | 'equals' | 'matches';
  value: string;
  amountMin: string;
  amountMax: string;
  categoryId: string;
  payee: string;
  tags: string;
  description: string;
}

/** An edit's "Create rule" prefills the condition, the category and the name. */
export function ruleFormValues(prefill: RulePrefill): RuleFormValues {
  return {
    name: prefill.ruleText?.slice(0, RULE_NAME_MAX) ?? '',
    field: prefill.ruleField ?? 'description',
    operator: 'contains',
    value: prefill.ruleText ?? '',
    amountMin: '',
    amountMax: '',
    categoryId: prefill.ruleCategoryId ?? '',
    payee: '',
    tags: '',
    description: '',
  };
}

/** A bound typed in the person's locale; empty is none. Unreadable text is refused by the check. */
function optionalAmount(text: string): number | null {
  const bound = readAmountBound(text);
  return 'units' in bound ? bound.units : null;
}

/** The rule the values describe; empty fields set nothing. The server judges it (its words). */
export function ruleDraft(values: RuleFormValues): RuleInput {
  const { field, operator, value, tags } = values;
  return {
    name: values.name,
    match: value.trim() ? { field, operator, value } : null,
    amountMin: optionalAmount(values.amountMin),
    amountMax: optionalAmount(values.amountMax),
    set: {
      categoryId: values.categoryId || null,
      payee: values.payee || null,
      tags: tags.trim()
        ? tags
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean)
        : null,
      description: values.description || null,
    },
  };
}

/**
 * The amount bounds are read here, in the person's locale (what cannot be read is refused at its
 * field, never sent as something else); anything else wrong with a rule is the server's to say.
 */
export const ruleFormSchema = z
  .custom<RuleFormValues>()
  .superRefine((values, context) => {
    for (const name of ['amountMin', 'amountMax'] as const) {
      const bound = readAmountBound(values[name]);
      if ('problem' in bound)
        context.addIssue({ code: 'custom', path: [name], message: bound.problem });
    }
  })
  .transform(ruleDraft);

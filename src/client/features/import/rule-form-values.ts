import { z } from 'zod';
import { RULE_NAME_MAX } from '../../../shared/limits.js';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import type { RuleInput } from './api.js';

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

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The rule the values describe; empty fields set nothing. The server judges it (its words). */
export function ruleDraft(values: RuleFormValues): RuleInput {
  const { field, operator, value, tags } = values;
  return {
    name: values.name,
    match: value.trim() ? { field, operator, value } : null,
    amountMin: optionalNumber(values.amountMin),
    amountMax: optionalNumber(values.amountMax),
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

/** No check of its own: what is wrong with a rule is the server's to say. */
export const ruleFormSchema = z.custom<RuleFormValues>().transform(ruleDraft);

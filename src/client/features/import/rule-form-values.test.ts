import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../shared/schemas/rule.js';
import {
  RULE_FORM_MESSAGES,
  ruleDraft,
  ruleFormSchema,
  ruleFormValues,
  savedRuleValues,
  type RuleFormValues,
} from './rule-form-values.js';

const values = (extra: Partial<RuleFormValues>): RuleFormValues => ({
  ...ruleFormValues({}),
  name: 'Coffee',
  value: 'starbucks',
  payee: 'Starbucks',
  ...extra,
});

/** The problems the form shows, by field. */
function problems(input: RuleFormValues): Record<string, string> {
  const checked = ruleFormSchema.safeParse(input);
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const saved: Rule = {
  id: 'r1',
  name: 'Coffee on the card',
  position: 0,
  enabled: false,
  match: { field: 'payee', operator: 'equals', value: 'Starbucks' },
  amountMin: null,
  amountMax: 10,
  currency: 'USD',
  accountId: 'a1',
  set: { categoryId: 'c1', payee: null, tags: ['coffee', 'treats'], description: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the rule form values', () => {
  it('starts a new rule empty, with one text row', () => {
    expect(ruleFormValues({})).toEqual({
      name: '',
      conditions: ['text'],
      field: 'description',
      operator: 'contains',
      value: '',
      amountMin: '',
      amountMax: '',
      accountId: '',
      categoryId: '',
      payee: '',
      tags: '',
      description: '',
    });
  });

  it('prefills an edit with a row per condition the rule has, and gives it back unchanged', () => {
    const form = savedRuleValues(saved);
    expect(form.conditions).toEqual(['text', 'amount', 'account']);
    expect(form).toMatchObject({ amountMin: '', amountMax: '10.00', tags: 'coffee, treats' });
    const { name, match, amountMin, amountMax, accountId, set } = saved;
    expect(ruleDraft(form)).toEqual({ name, match, amountMin, amountMax, accountId, set });
  });

  it('sends only the conditions whose rows are shown', () => {
    const form = values({ amountMax: '10', accountId: 'a1', conditions: ['amount'] });
    expect(ruleDraft(form)).toMatchObject({ match: null, amountMax: 10, accountId: null });
  });

  it('refuses at their fields a row left empty, a reversed range, no condition and nothing to set', () => {
    expect(problems(values({ value: ' ' }))).toEqual({ value: RULE_FORM_MESSAGES.blankText });
    expect(problems(values({ conditions: ['text', 'amount'] }))).toEqual({
      amountMin: RULE_FORM_MESSAGES.noBound,
    });
    expect(problems(values({ conditions: ['amount'], amountMin: '20', amountMax: '10' }))).toEqual({
      amountMax: RULE_FORM_MESSAGES.range,
    });
    expect(problems(values({ conditions: ['account'] }))).toEqual({
      accountId: RULE_FORM_MESSAGES.noAccount,
    });
    expect(problems(values({ conditions: [] }))).toEqual({
      conditions: RULE_FORM_MESSAGES.noCondition,
    });
    expect(problems(values({ payee: '' }))).toEqual({ set: RULE_FORM_MESSAGES.noAction });
    expect(problems(values({ conditions: ['amount'], amountMin: '1e3' })).amountMin).toBeTruthy();
    expect(problems(values({}))).toEqual({});
  });
});

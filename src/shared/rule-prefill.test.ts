import { describe, expect, it } from 'vitest';
import { RULE_PATTERN_MAX } from './limits.js';
import { parseRulePrefill, rulePrefillFromEdit } from './rule-prefill.js';

// "Create rule" after a re-categorisation (docs/import.md#rules): what the toast sends to
// /rules, and what /rules accepts from a URL anyone can type.

describe('rulePrefillFromEdit', () => {
  it('matches on the description, else the payee, and sets the new category', () => {
    expect(rulePrefillFromEdit({ description: ' Corner Coffee ', payee: 'Bob' }, 'c1')).toEqual({
      ruleField: 'description',
      ruleText: 'Corner Coffee',
      ruleCategoryId: 'c1',
    });
    expect(rulePrefillFromEdit({ description: '  ', payee: 'Bob' }, 'c1')).toEqual({
      ruleField: 'payee',
      ruleText: 'Bob',
      ruleCategoryId: 'c1',
    });
  });

  it('offers nothing without a category or any text', () => {
    expect(rulePrefillFromEdit({ description: 'Coffee', payee: '' }, null)).toBeNull();
    expect(rulePrefillFromEdit({ description: '', payee: '' }, 'c1')).toBeNull();
  });

  it('keeps the text within what a rule may hold', () => {
    const long = 'x'.repeat(RULE_PATTERN_MAX + 20);
    expect(rulePrefillFromEdit({ description: long, payee: '' }, 'c1')?.ruleText).toHaveLength(
      RULE_PATTERN_MAX,
    );
  });
});

describe('parseRulePrefill', () => {
  it('reads what the toast sends', () => {
    expect(parseRulePrefill({ ruleField: 'payee', ruleText: 'Bob', ruleCategoryId: 'c1' })).toEqual(
      { ruleField: 'payee', ruleText: 'Bob', ruleCategoryId: 'c1' },
    );
  });

  it('drops anything unexpected', () => {
    expect(parseRulePrefill({})).toEqual({});
    expect(parseRulePrefill({ ruleText: 42, ruleCategoryId: ['x'], other: 'y' })).toEqual({});
    expect(parseRulePrefill({ ruleField: 'amount', ruleText: 'Tea' })).toEqual({
      ruleField: 'description',
      ruleText: 'Tea',
    });
  });
});

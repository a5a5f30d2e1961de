import { describe, expect, it } from 'vitest';
import { RULE_PATTERN_TEXT_MAX } from '../../../shared/limits.js';
import { AppError } from '../../lib/app-error.js';
import { Pacer } from '../../lib/pacer.js';
import {
  assertPatternText,
  compileRule,
  compileStoredRule,
  firstMatch,
  patternText,
  ruleMatches,
  tooMuchPatternText,
} from './rule-match.js';
import { PATTERN_MESSAGES } from './safe-pattern.js';
import type { RuleMatch } from '../../../shared/schemas/rule.js';

const parts = (match: RuleMatch, id = 'r') => ({
  id,
  match,
  minCents: null,
  maxCents: null,
  accountId: null,
  set: { categoryId: null, payee: 'X', tags: null, description: null },
});
const subject = (description: string, payee = '') => ({
  accountId: null,
  amountCents: -100n,
  description,
  payee,
});

describe('rule matching', () => {
  it('refuses a draft whose pattern needs backtracking, and keeps a stored one from ever failing', () => {
    const match: RuleMatch = { field: 'description', operator: 'matches', value: '(a)\\1' };
    expect(() => compileRule(parts(match))).toThrow(PATTERN_MESSAGES.unsafe);
    const stored = compileStoredRule(parts(match));
    expect(stored.pattern).toBeNull();
    expect(ruleMatches(stored, subject('aa'))).toBe(false);
  });

  it('matches patterns case-insensitively on the text as is, and contains on the folded text', () => {
    const pattern = compileRule(
      parts({ field: 'either', operator: 'matches', value: '^shell\\s+station' }),
    );
    expect(ruleMatches(pattern, subject('SHELL\u00a0Station 77'))).toBe(true);
    expect(ruleMatches(pattern, subject('Card', 'shell station'))).toBe(true);
    expect(ruleMatches(pattern, subject('Card', 'x shell station'))).toBe(false);
    const contains = compileRule(parts({ field: 'payee', operator: 'contains', value: 'CAFE' }));
    expect(ruleMatches(contains, subject('café', 'Le  Café'))).toBe(true);
    expect(ruleMatches(contains, subject('café'))).toBe(false);
  });

  it('gives the event loop a turn once a slice of rule work has run out', async () => {
    const rules = Array.from({ length: 200 }, (_, index) =>
      compileRule(
        parts({ field: 'either', operator: 'matches', value: `(?:.{0,9}){7}a.{9}c${index}` }),
      ),
    );
    const text = (length: number) => 'ab'.repeat(length / 2);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    // Hundreds of milliseconds of matching: without a pause, this continuation would run
    // before the callback above.
    expect(await firstMatch(rules, subject(text(500), text(100)), new Pacer())).toBeNull();
    expect(turned).toBe(true);
  });

  it('counts what patterns would read and refuses more than RULE_PATTERN_TEXT_MAX before any runs', () => {
    const sizes = { description: 1_000_000, payee: 200_000 };
    const rule = (field: RuleMatch['field'], operator: RuleMatch['operator'] = 'matches') =>
      compileRule(parts({ field, operator, value: 'x' }));
    expect(patternText(rule('description'), sizes)).toBe(1_000_000);
    expect(patternText(rule('payee'), sizes)).toBe(200_000);
    expect(patternText(rule('either'), sizes)).toBe(1_200_000);
    expect(patternText(rule('either', 'contains'), sizes)).toBe(0);
    const fits = [rule('either'), rule('either'), rule('payee'), rule('payee', 'equals')];
    expect(() => assertPatternText(fits, sizes)).not.toThrow();
    expect(RULE_PATTERN_TEXT_MAX).toBe(3_000_000);
    expect(() => assertPatternText([...fits, rule('description')], sizes)).toThrow(
      new AppError('UNPROCESSABLE', tooMuchPatternText(3_600_000)),
    );
  });
});

describe('an amount range across currencies', () => {
  const ranged = (min: bigint | null, max: bigint | null, exponent?: 0 | 2 | 3) =>
    compileRule({
      id: 'r',
      match: null,
      minCents: min,
      maxCents: max,
      exponent,
      accountId: null,
      set: { categoryId: null, payee: 'X', tags: null, description: null },
    });
  const spent = (amountCents: bigint, exponent?: 0 | 2 | 3) => ({
    accountId: null,
    amountCents: -amountCents,
    exponent,
    description: '',
    payee: '',
  });

  it('compares units: 10.00 to 20.00 takes 1500 yen as 1500, not as 15.00', () => {
    const rule = ranged(1000n, 2000n);
    expect(ruleMatches(rule, spent(1500n))).toBe(true);
    expect(ruleMatches(rule, spent(1500n, 2))).toBe(true);
    expect(ruleMatches(rule, spent(15n, 0))).toBe(true);
    expect(ruleMatches(rule, spent(1500n, 0))).toBe(false);
    expect(ruleMatches(rule, spent(10_000n, 3))).toBe(true);
    expect(ruleMatches(rule, spent(20_001n, 3))).toBe(false);
  });

  it('keeps a range in a coarser currency exact against finer amounts', () => {
    const yen = ranged(10n, 20n, 0);
    expect(ruleMatches(yen, spent(10n, 0))).toBe(true);
    expect(ruleMatches(yen, spent(999n, 2))).toBe(false);
    expect(ruleMatches(yen, spent(1000n, 2))).toBe(true);
    expect(ruleMatches(yen, spent(2001n, 2))).toBe(false);
  });
});

import type { RuleMatch } from '../../../shared/schemas/rule.js';
import type { CurrencyExponent } from '../../../shared/currencies.js';
import { minorUnitsPerUnit } from '../../../shared/currency-money.js';
import { RULE_PATTERN_TEXT_MAX } from '../../../shared/limits.js';
import { AppError } from '../../lib/app-error.js';
import { foldText } from '../../lib/text-fold.js';
import type { Pacer } from '../../lib/pacer.js';
import { compilePattern, storedPattern, type RulePattern } from './safe-pattern.js';

/** A rule ready to run: its conditions compiled once. */
export interface CompiledRule {
  id: string;
  match: RuleMatch | null;
  /**
   * A "matches" rule's pattern, on RE2. Null for the other operators, and for a stored pattern
   * refused today (decision 018): that rule matches nothing.
   */
  pattern: RulePattern | null;
  foldedValue: string;
  /**
   * Bounds on the size of the amount, in minor units of the rule's account's currency, or in
   * hundredths of a unit for a rule without an account (docs/import.md#rules).
   */
  minCents: bigint | null;
  maxCents: bigint | null;
  /** The exponent of those minor units: 2 unless the rule's account has another. */
  exponent?: CurrencyExponent | undefined;
  accountId: string | null;
  set: {
    categoryId: string | null;
    payee: string | null;
    tags: string[] | null;
    description: string | null;
  };
}

type RuleParts = Omit<CompiledRule, 'pattern' | 'foldedValue'>;

/** What a rule is tested against: an imported row or an existing entry. */
export interface RuleSubject {
  accountId: string | null;
  /** Signed minor units of its currency. */
  amountCents: bigint;
  /** The exponent of its currency; left out: the rule's (the same units). */
  exponent?: CurrencyExponent | undefined;
  description: string;
  payee: string;
}

function compileWith(rule: RuleParts, pattern: (value: string) => RulePattern | null) {
  return {
    ...rule,
    pattern: rule.match?.operator === 'matches' ? pattern(rule.match.value) : null,
    foldedValue: rule.match ? foldText(rule.match.value) : '',
  };
}

/** A rule being saved or tested: a refused pattern is a 422 saying why. */
export function compileRule(rule: RuleParts): CompiledRule {
  return compileWith(rule, compilePattern);
}

/** A rule as stored: never refused, whatever its pattern (see CompiledRule.pattern). */
export function compileStoredRule(rule: RuleParts): CompiledRule {
  return compileWith(rule, storedPattern);
}

/** A subject with its texts folded at most once, however many rules look at them. */
class Texts {
  private folded: { description?: string; payee?: string } = {};

  constructor(readonly subject: RuleSubject) {}

  fold(field: 'description' | 'payee'): string {
    return (this.folded[field] ??= foldText(this.subject[field]));
  }
}

function textMatches(rule: CompiledRule, texts: Texts, field: 'description' | 'payee'): boolean {
  if (!rule.match) return true;
  if (rule.match.operator === 'matches') {
    return rule.pattern !== null && rule.pattern.test(texts.subject[field]);
  }
  const folded = texts.fold(field);
  return rule.match.operator === 'equals'
    ? folded === rule.foldedValue
    : folded.includes(rule.foldedValue);
}

function matchesTexts(rule: CompiledRule, texts: Texts): boolean {
  const { subject } = texts;
  if (rule.accountId !== null && rule.accountId !== subject.accountId) return false;
  const size = subject.amountCents < 0n ? -subject.amountCents : subject.amountCents;
  // Compared as units: each side scaled by the other's exponent, so nothing is rounded.
  const ruleExponent = rule.exponent ?? 2;
  const subjectExponent = subject.exponent ?? ruleExponent;
  const sized = size * minorUnitsPerUnit(ruleExponent);
  const bound = (cents: bigint) => cents * minorUnitsPerUnit(subjectExponent);
  if (rule.minCents !== null && sized < bound(rule.minCents)) return false;
  if (rule.maxCents !== null && sized > bound(rule.maxCents)) return false;
  if (!rule.match) return true;
  const { field } = rule.match;
  return (
    ((field === 'description' || field === 'either') && textMatches(rule, texts, 'description')) ||
    ((field === 'payee' || field === 'either') && textMatches(rule, texts, 'payee'))
  );
}

export function ruleMatches(rule: CompiledRule, subject: RuleSubject): boolean {
  return matchesTexts(rule, new Texts(subject));
}

/**
 * The first rule (in order) that matches, or null. Each rule is one step of the pacer, which
 * pauses for the event loop when its slice has run out.
 */
export async function firstMatch(
  rules: readonly CompiledRule[],
  subject: RuleSubject,
  pacer: Pacer,
): Promise<CompiledRule | null> {
  const texts = new Texts(subject);
  for (const rule of rules) {
    if (pacer.step(rule.pattern !== null)) await pacer.pause();
    if (matchesTexts(rule, texts)) return rule;
  }
  return null;
}

/** The characters of text, per field, of the rows or entries rules are about to run on. */
export interface TextSizes {
  description: number;
  payee: number;
}

/** What a rule's pattern would read of those texts if no rule matched first: 0 for no pattern. */
export function patternText(rule: CompiledRule, sizes: TextSizes): number {
  if (rule.pattern === null || !rule.match) return 0;
  const { field } = rule.match;
  return (field === 'payee' ? 0 : sizes.description) + (field === 'description' ? 0 : sizes.payee);
}

export const tooMuchPatternText = (chars: number) =>
  `Your rules' patterns would read ${chars.toLocaleString('en-US')} characters of this file, ` +
  `more than the ${RULE_PATTERN_TEXT_MAX.toLocaleString('en-US')} one import may take: ` +
  'import it in smaller parts, or turn off some of your “matches” rules';

/**
 * Refuses (422), before any pattern runs, rules whose patterns would read more than
 * RULE_PATTERN_TEXT_MAX characters of these texts in all.
 */
export function assertPatternText(rules: readonly CompiledRule[], sizes: TextSizes): void {
  const chars = rules.reduce((sum, rule) => sum + patternText(rule, sizes), 0);
  if (chars > RULE_PATTERN_TEXT_MAX) {
    throw new AppError('UNPROCESSABLE', tooMuchPatternText(chars));
  }
}

import type { RuleMatch } from '../../../shared/schemas/rule.js';
import { foldText } from '../import/text-fold.js';
import { compileSafePattern } from './safe-pattern.js';

/** A rule ready to run: its conditions compiled once. */
export interface CompiledRule {
  id: string;
  match: RuleMatch | null;
  pattern: RegExp | null;
  foldedValue: string;
  /** Bounds on the size of the amount, in cents. */
  minCents: bigint | null;
  maxCents: bigint | null;
  accountId: string | null;
  set: {
    categoryId: string | null;
    payee: string | null;
    tags: string[] | null;
    description: string | null;
  };
}

/** What a rule is tested against: an imported row or an existing entry. */
export interface RuleSubject {
  accountId: string | null;
  /** Signed cents. */
  amountCents: bigint;
  description: string;
  payee: string;
}

export function compileRule(rule: Omit<CompiledRule, 'pattern' | 'foldedValue'>): CompiledRule {
  return {
    ...rule,
    pattern: rule.match?.operator === 'matches' ? compileSafePattern(rule.match.value) : null,
    foldedValue: rule.match ? foldText(rule.match.value) : '',
  };
}

function textMatches(rule: CompiledRule, text: string): boolean {
  if (!rule.match) return true;
  if (rule.pattern) return rule.pattern.test(text);
  const folded = foldText(text);
  return rule.match.operator === 'equals'
    ? folded === rule.foldedValue
    : folded.includes(rule.foldedValue);
}

export function ruleMatches(rule: CompiledRule, subject: RuleSubject): boolean {
  if (rule.accountId !== null && rule.accountId !== subject.accountId) return false;
  const size = subject.amountCents < 0n ? -subject.amountCents : subject.amountCents;
  if (rule.minCents !== null && size < rule.minCents) return false;
  if (rule.maxCents !== null && size > rule.maxCents) return false;
  if (!rule.match) return true;
  const { field } = rule.match;
  return (
    ((field === 'description' || field === 'either') && textMatches(rule, subject.description)) ||
    ((field === 'payee' || field === 'either') && textMatches(rule, subject.payee))
  );
}

/** The first rule (in order) that matches, or null. */
export function firstMatch(
  rules: readonly CompiledRule[],
  subject: RuleSubject,
): CompiledRule | null {
  return rules.find((rule) => ruleMatches(rule, subject)) ?? null;
}

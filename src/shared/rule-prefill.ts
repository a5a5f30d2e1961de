import { RULE_PATTERN_MAX } from './limits.js';

// Free of zod on purpose: the /rules route parses its URL with this, and the route tree is in
// the first load's chunk (docs/client.md#chunks-and-the-first-load-budget).

/**
 * `/rules?ruleField=…&ruleText=…&ruleCategoryId=…`: the rule form prefilled from an edit (the
 * "Create rule" button of a re-categorise toast, docs/import.md#rules). Nothing is saved until
 * the person saves the form.
 */
export interface RulePrefill {
  ruleField?: 'description' | 'payee';
  ruleText?: string;
  ruleCategoryId?: string;
}

const shortText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/** The prefill a URL carries, anything unexpected dropped (a URL is typed by anyone). */
export function parseRulePrefill(search: Record<string, unknown>): RulePrefill {
  const text = shortText(search.ruleText, RULE_PATTERN_MAX);
  const categoryId = shortText(search.ruleCategoryId, 64);
  const field = search.ruleField === 'payee' ? 'payee' : 'description';
  return {
    ...(text !== undefined && { ruleField: field, ruleText: text }),
    ...(categoryId !== undefined && { ruleCategoryId: categoryId }),
  };
}

/**
 * The rule an edit suggests: the entry's description (else its payee) contains that text, set
 * the new category. Null when there is nothing to match on or no category was chosen.
 */
export function rulePrefillFromEdit(
  entry: { description: string; payee: string },
  categoryId: string | null,
): RulePrefill | null {
  if (categoryId === null) return null;
  const description = shortText(entry.description, RULE_PATTERN_MAX);
  const payee = shortText(entry.payee, RULE_PATTERN_MAX);
  if (description !== undefined) {
    return { ruleField: 'description', ruleText: description, ruleCategoryId: categoryId };
  }
  if (payee !== undefined)
    return { ruleField: 'payee', ruleText: payee, ruleCategoryId: categoryId };
  return null;
}

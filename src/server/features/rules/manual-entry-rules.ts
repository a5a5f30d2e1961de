import type { DbOrTx } from '../../db/connect.js';
import { Pacer } from '../../lib/pacer.js';
import type { CurrencyExponent } from '../../../shared/currencies.js';
import { firstMatch } from './rule-match.js';
import { activeRules } from './rule-service.js';

// Rules on entries added by hand (docs/import.md#rules): when the book's setting is on, the
// first matching enabled rule fills what the person left empty, with the matcher import uses.
// One entry meets at most RULES_PER_BOOK_MAX rules on DESCRIPTION_MAX + PAYEE_MAX characters
// (120,000 characters for patterns, well within RULE_PATTERN_TEXT_MAX), paced like an import.

/** A deposit, withdrawal or expense as the person typed it, before it is written. */
export interface ManualEntryDraft {
  accountId: string | null;
  /** Signed minor units: negative leaves the account (what a rule's amount range sees). */
  amountCents: bigint;
  /** The exponent of the entry's currency (a rule's range is compared in units). */
  exponent?: CurrencyExponent | undefined;
  /** As typed; empty when left out (a default description is not the person's text). */
  description: string;
  payee: string;
  categoryId: string | null;
  tags: readonly string[];
  /** False for a split entry: its categories live on its lines. */
  takesCategory: boolean;
}

/** The fields a rule filled in (only those the person left empty) and the rule. */
export interface ManualRuleFill {
  ruleId: string;
  description?: string;
  payee?: string;
  categoryId?: string;
  tags?: string[];
}

/**
 * What the book's rules add to an entry typed by hand: null when the setting is off, no enabled
 * rule matches, or the matching rule would only set fields the person filled themselves (what
 * the person chose wins). Money is never a rule's business.
 */
export async function fillFromRules(
  db: DbOrTx,
  book: { bookId: string; appliesRules: boolean },
  draft: ManualEntryDraft,
): Promise<ManualRuleFill | null> {
  if (!book.appliesRules) return null;
  const pacer = new Pacer();
  const rule = await firstMatch(
    await activeRules(db, book.bookId, pacer),
    {
      accountId: draft.accountId,
      amountCents: draft.amountCents,
      exponent: draft.exponent,
      description: draft.description,
      payee: draft.payee,
    },
    pacer,
  );
  if (!rule) return null;
  const { set } = rule;
  const fill: ManualRuleFill = { ruleId: rule.id };
  if (set.description && draft.description === '') fill.description = set.description;
  if (set.payee && draft.payee === '') fill.payee = set.payee;
  if (set.categoryId && draft.categoryId === null && draft.takesCategory) {
    fill.categoryId = set.categoryId;
  }
  if (set.tags && set.tags.length > 0 && draft.tags.length === 0) fill.tags = [...set.tags];
  return Object.keys(fill).length > 1 ? fill : null;
}

import type { DbOrTx } from '../../db/connect.js';
import type { RuleRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { findAccount, findAccountCurrencies, findAllAccountCurrencies } from '../accounts/index.js';
import { findBookBaseCurrency } from '../books/index.js';
import { assertAmountsIn } from '../../lib/currency-amount.js';
import { DEFAULT_CURRENCY, currencyExponent } from '../../../shared/currencies.js';
import { minorUnitsToUnits, unitsToMinorUnits } from '../../../shared/currency-money.js';
import type { AmountField } from '../../../shared/currency-amounts.js';
import { inTransaction } from '../../db/in-transaction.js';
import { MESSAGES } from '../../../shared/errors.js';
import {
  RULES_PER_BOOK_MAX,
  RULE_APPLY_MAX,
  RULE_PATTERN_TEXT_MAX,
  RULE_TEST_SCAN_MAX,
} from '../../../shared/limits.js';
import type { Rule, RuleDraft } from '../../../shared/schemas/rule.js';
import { Pacer } from '../../lib/pacer.js';
import {
  compileRule,
  compileStoredRule,
  patternText,
  ruleMatches,
  type CompiledRule,
} from './rule-match.js';
import {
  categoryIsBooks,
  countRules,
  deleteRule,
  findRule,
  insertRule,
  latestEntries,
  listRules,
  lockBookRules,
  setRulePositions,
  updateRule,
  type RuleValues,
} from './rule-repository.js';

export const RULE_MESSAGES = {
  notFound: 'Rule not found',
  noCondition: 'A rule needs a condition: text to match, an amount range or an account',
  noAction: 'A rule needs something to set: a category, payee, tags or description',
  range: 'amountMin must not be above amountMax',
  tooMany: `A book holds at most ${RULES_PER_BOOK_MAX} rules`,
  reorder: 'ruleIds must name every rule of the book exactly once',
} as const;

/**
 * The currency a rule's amount range is kept in: its account's, or for a rule without an account
 * two-decimal units of whatever currency each entry is in, judged and kept as USD's (hundredths),
 * so a rule saved before currencies keeps its meaning whatever the base currency becomes.
 */
const rangeCurrency = (accountCurrency: string | null | undefined) =>
  accountCurrency ?? DEFAULT_CURRENCY;

/** The currencies of the accounts some rules name (deleted ones included). */
async function ruleCurrencies(
  db: DbOrTx,
  bookId: string,
  rows: readonly RuleRow[],
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.account_id ? [row.account_id] : [])))];
  return ids.length > 0 ? findAccountCurrencies(db, bookId, ids) : new Map();
}

const fromMinorUnits = (value: string | number | null, currency: string) =>
  value === null ? null : minorUnitsToUnits(BigInt(value), currency);

/** A rule as the API shows it; `currency` is what its range is kept in (rangeCurrency). */
export function toRule(row: RuleRow, currency: string = DEFAULT_CURRENCY): Rule {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    enabled: row.enabled,
    match:
      row.match_field && row.match_operator && row.match_value
        ? { field: row.match_field, operator: row.match_operator, value: row.match_value }
        : null,
    amountMin: fromMinorUnits(row.amount_min_cents, currency),
    amountMax: fromMinorUnits(row.amount_max_cents, currency),
    currency: row.account_id === null ? null : currency,
    accountId: row.account_id,
    set: {
      categoryId: row.set_category_id,
      payee: row.set_payee,
      tags: row.set_tags,
      description: row.set_description,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Rules as the API shows them, each range in its account's currency. */
async function toRules(db: DbOrTx, bookId: string, rows: readonly RuleRow[]): Promise<Rule[]> {
  const currencies = await ruleCurrencies(db, bookId, rows);
  return rows.map((row) =>
    toRule(row, rangeCurrency(row.account_id ? currencies.get(row.account_id) : null)),
  );
}

/** A rule row ready to run (a stored pattern refused today matches nothing: decision 018). */
export function compileRow(row: RuleRow, currency: string = DEFAULT_CURRENCY): CompiledRule {
  return compileStoredRule({
    id: row.id,
    match: toRule(row, currency).match,
    minCents: row.amount_min_cents === null ? null : BigInt(row.amount_min_cents),
    maxCents: row.amount_max_cents === null ? null : BigInt(row.amount_max_cents),
    exponent: currencyExponent(currency),
    accountId: row.account_id,
    set: {
      categoryId: row.set_category_id,
      payee: row.set_payee,
      tags: row.set_tags,
      description: row.set_description,
    },
  });
}

/**
 * The enabled rules of a book, in order, compiled. Compiling a pattern takes up to about a
 * millisecond, so each is a step of the request's pacer.
 */
export async function activeRules(
  db: DbOrTx,
  bookId: string,
  pacer: Pacer,
): Promise<CompiledRule[]> {
  const rules: CompiledRule[] = [];
  const rows = (await listRules(db, bookId)).filter((row) => row.enabled);
  const currencies = await ruleCurrencies(db, bookId, rows);
  for (const row of rows) {
    if (pacer.step(row.match_operator === 'matches')) await pacer.pause();
    rules.push(
      compileRow(row, rangeCurrency(row.account_id ? currencies.get(row.account_id) : null)),
    );
  }
  return rules;
}

/**
 * Checks a draft (conditions, actions, pattern, range, its account and category) and maps it to
 * columns, with the currency its range is kept in (rangeCurrency).
 */
export async function checkedDraft(
  db: DbOrTx,
  bookId: string,
  draft: RuleDraft,
): Promise<{ values: RuleValues; currency: string }> {
  // What the draft names must exist before anything about it is judged.
  const account = draft.accountId ? await findAccount(db, bookId, draft.accountId) : null;
  if (draft.accountId && !account) {
    throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  }
  if (draft.set.categoryId && !(await categoryIsBooks(db, bookId, draft.set.categoryId))) {
    throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound);
  }
  const currency = rangeCurrency(account?.currency);
  const bound = (units: number | null | undefined, label: 'amountMin' | 'amountMax') => {
    if (units === null || units === undefined) return [];
    const field: AmountField = {
      label,
      floor: 'zero',
      ceiling: 'operation',
      tooLarge: `${label} is too large`,
    };
    return [{ units, field, path: label }];
  };
  // Judged in the range's currency once the account is known (decision 035).
  assertAmountsIn(
    [...bound(draft.amountMin, 'amountMin'), ...bound(draft.amountMax, 'amountMax')],
    currency,
  );
  const toMinor = (units: number | null | undefined) =>
    units === null || units === undefined ? null : unitsToMinorUnits(units, currency);
  const min = toMinor(draft.amountMin);
  const max = toMinor(draft.amountMax);
  if (!draft.match && min === null && max === null && !draft.accountId) {
    throw new AppError('UNPROCESSABLE', RULE_MESSAGES.noCondition);
  }
  const set = draft.set;
  const hasAction =
    Boolean(set.categoryId) ||
    (set.payee !== null && set.payee !== undefined && set.payee !== '') ||
    (set.tags !== null && set.tags !== undefined && set.tags.length > 0) ||
    (set.description !== null && set.description !== undefined && set.description !== '');
  if (!hasAction) throw new AppError('UNPROCESSABLE', RULE_MESSAGES.noAction);
  if (min !== null && max !== null && min > max)
    throw new AppError('UNPROCESSABLE', RULE_MESSAGES.range);
  // Refuses an unsafe or invalid pattern before anything is written.
  compileRule({
    id: '',
    match: draft.match ?? null,
    minCents: min,
    maxCents: max,
    accountId: null,
    set: { categoryId: null, payee: null, tags: null, description: null },
  });
  const values: RuleValues = {
    name: draft.name,
    enabled: draft.enabled,
    match_field: draft.match?.field ?? null,
    match_operator: draft.match?.operator ?? null,
    match_value: draft.match?.value ?? null,
    amount_min_cents: min === null ? null : min.toString(),
    amount_max_cents: max === null ? null : max.toString(),
    account_id: draft.accountId ?? null,
    set_category_id: set.categoryId ?? null,
    set_payee: set.payee || null,
    set_tags: set.tags && set.tags.length > 0 ? set.tags : null,
    set_description: set.description || null,
  };
  return { values, currency };
}

/** Checks a draft and maps it to columns (checkedDraft without the range's currency). */
export async function valuesOf(db: DbOrTx, bookId: string, draft: RuleDraft): Promise<RuleValues> {
  return (await checkedDraft(db, bookId, draft)).values;
}

export async function listBookRules(db: DbOrTx, bookId: string): Promise<Rule[]> {
  return toRules(db, bookId, await listRules(db, bookId));
}

/**
 * Adds a rule after the others. The book's rules stay locked from the count to the commit, in
 * the Idempotency-Key's transaction or one of its own, so parallel creates cannot pass the cap.
 */
export async function createRule(db: DbOrTx, bookId: string, draft: RuleDraft): Promise<Rule> {
  const { values, currency } = await checkedDraft(db, bookId, draft);
  return inTransaction(db, async (trx) => {
    await lockBookRules(trx, bookId);
    if ((await countRules(trx, bookId)) >= RULES_PER_BOOK_MAX) {
      throw new AppError('UNPROCESSABLE', RULE_MESSAGES.tooMany);
    }
    return toRule(await insertRule(trx, bookId, values), currency);
  });
}

export async function changeRule(
  db: DbOrTx,
  bookId: string,
  id: string,
  draft: RuleDraft,
): Promise<Rule> {
  return inTransaction(db, async (trx) => {
    // Locked from the check to the write, so what is judged is what is changed.
    if (!(await findRule(trx, bookId, id))) throw new AppError('NOT_FOUND', RULE_MESSAGES.notFound);
    const { values, currency } = await checkedDraft(trx, bookId, draft);
    const row = await updateRule(trx, bookId, id, values);
    if (!row) throw new AppError('NOT_FOUND', RULE_MESSAGES.notFound);
    return toRule(row, currency);
  });
}

export async function removeRule(db: DbOrTx, bookId: string, id: string): Promise<void> {
  if (!(await deleteRule(db, bookId, id))) throw new AppError('NOT_FOUND', RULE_MESSAGES.notFound);
}

/** Puts every rule in a new order, with the book's rules locked from the check to the commit. */
export async function reorderRules(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Rule[]> {
  return inTransaction(db, async (trx) => {
    await lockBookRules(trx, bookId);
    const current = await listRules(trx, bookId);
    const known = new Set(current.map((row) => row.id));
    if (ids.some((id) => !known.has(id))) throw new AppError('NOT_FOUND', RULE_MESSAGES.notFound);
    if (new Set(ids).size !== ids.length || ids.length !== current.length) {
      throw new AppError('UNPROCESSABLE', RULE_MESSAGES.reorder);
    }
    await setRulePositions(trx, bookId, ids);
    return listBookRules(trx, bookId);
  });
}

const SAMPLE_MAX = 20;

/** The leading entries whose texts the rule's pattern may read within RULE_PATTERN_TEXT_MAX. */
function withinPatternText<T extends { description: string; payee: string }>(
  rule: CompiledRule,
  entries: readonly T[],
): readonly T[] {
  let text = 0;
  for (const [index, entry] of entries.entries()) {
    text += patternText(rule, { description: entry.description.length, payee: entry.payee.length });
    if (text > RULE_PATTERN_TEXT_MAX) return entries.slice(0, index);
  }
  return entries;
}

/** The fields a rule sets, as an entry holds them. */
export interface RuleFields {
  categoryId: string | null;
  payee: string;
  tags: string[];
  description: string;
}

/**
 * An entry's fields once the rule's actions are applied: each field the rule sets replaces the
 * entry's (docs/import.md#applying-a-rule-to-existing-entries); the others stay.
 */
export function withRuleActions(values: RuleValues, fields: RuleFields): RuleFields {
  return {
    categoryId: values.set_category_id ?? fields.categoryId,
    payee: values.set_payee ?? fields.payee,
    tags: values.set_tags ? [...values.set_tags] : fields.tags,
    description: values.set_description ?? fields.description,
  };
}

export function sameRuleFields(a: RuleFields, b: RuleFields): boolean {
  return (
    a.categoryId === b.categoryId &&
    a.payee === b.payee &&
    a.description === b.description &&
    a.tags.join('\u0000') === b.tags.join('\u0000')
  );
}

/** A checked draft's conditions, compiled (its pattern refused with the reason when unsafe). */
export function compileValues(
  draft: RuleDraft,
  values: RuleValues,
  currency: string = DEFAULT_CURRENCY,
): CompiledRule {
  return compileRule({
    id: '',
    match: draft.match ?? null,
    minCents: values.amount_min_cents === null ? null : BigInt(values.amount_min_cents),
    maxCents: values.amount_max_cents === null ? null : BigInt(values.amount_max_cents),
    exponent: currencyExponent(currency),
    accountId: values.account_id,
    set: { categoryId: null, payee: null, tags: null, description: null },
  });
}

/**
 * The currency of the book's entries by account (its account's; the base currency without one),
 * for matching them against a range in another currency (docs/money.md#account-currency).
 */
export async function entryCurrencies(
  db: DbOrTx,
  bookId: string,
): Promise<(accountId: string | null) => string> {
  const [base, accounts] = await Promise.all([
    findBookBaseCurrency(db, bookId),
    findAllAccountCurrencies(db, bookId),
  ]);
  return (accountId) => (accountId === null ? base : (accounts.get(accountId) ?? base));
}

/** The signed cents of an entry: deposits and incoming transfer legs are positive. */
export const signedEntryCents = (type: string, cents: string | number | bigint) =>
  type === 'deposit' || type === 'transfer_in' ? BigInt(cents) : -BigInt(cents);

/**
 * What a draft would match among the book's latest entries, before it is saved: at most
 * RULE_TEST_SCAN_MAX entries, and for a pattern no more of them than RULE_PATTERN_TEXT_MAX
 * characters hold (which entries within the text limits always fit). `scanned` says how many.
 * Besides the count and a sample, the matches the rule would change if applied (`changes`), and
 * the first RULE_APPLY_MAX of them with their versions: what POST /api/rules/apply takes.
 */
export async function testRule(db: DbOrTx, bookId: string, draft: RuleDraft) {
  const { values, currency } = await checkedDraft(db, bookId, draft);
  const rule = compileValues(draft, values, currency);
  const entries = withinPatternText(rule, await latestEntries(db, bookId, RULE_TEST_SCAN_MAX));
  const currencyOf = await entryCurrencies(db, bookId);
  const pacer = new Pacer();
  const sample: {
    id: string;
    occurredOn: string;
    amount: number;
    currency: string;
    description: string;
    payee: string;
  }[] = [];
  const toApply: ((typeof sample)[number] & { accountId: string | null; version: number })[] = [];
  let matched = 0;
  let changes = 0;
  for (const entry of entries) {
    if (pacer.step(rule.pattern !== null)) await pacer.pause();
    const amountCents = signedEntryCents(entry.transaction_type, entry.amount_cents);
    const entryCurrency = currencyOf(entry.account_id);
    if (
      !ruleMatches(rule, {
        accountId: entry.account_id,
        amountCents,
        exponent: currencyExponent(entryCurrency),
        description: entry.description,
        payee: entry.payee,
      })
    )
      continue;
    matched += 1;
    const listed = {
      id: entry.id,
      occurredOn: entry.occurred_on,
      amount: minorUnitsToUnits(amountCents, entryCurrency),
      currency: entryCurrency,
      description: entry.description,
      payee: entry.payee,
    };
    if (sample.length < SAMPLE_MAX) sample.push(listed);
    // A transfer leg is the transfer's to change; an entry already as the rule sets it is left.
    if (entry.transfer_id !== null) continue;
    const fields = {
      categoryId: entry.category_id,
      payee: entry.payee,
      tags: entry.tags,
      description: entry.description,
    };
    if (sameRuleFields(fields, withRuleActions(values, fields))) continue;
    changes += 1;
    if (toApply.length < RULE_APPLY_MAX) {
      toApply.push({ ...listed, accountId: entry.account_id, version: entry.version });
    }
  }
  return { scanned: entries.length, matched, sample, changes, toApply };
}

import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { Pacer } from '../../lib/pacer.js';
import { MESSAGES } from '../../../shared/errors.js';
import { currencyExponent } from '../../../shared/currencies.js';
import type { ApplyRuleInput } from '../../../shared/schemas/rule.js';
import type { Account } from '../../../shared/schemas/account.js';
import { toAccount } from '../accounts/index.js';
import { applyChange, lockEntryStates, type PlannedEntry } from '../ledger/index.js';
import { ruleMatches } from './rule-match.js';
import {
  compileValues,
  sameRuleFields,
  checkedDraft,
  entryCurrencies,
  signedEntryCents,
  withRuleActions,
} from './rule-service.js';

// Applying a rule to existing entries (docs/import.md#applying-a-rule-to-existing-entries): the
// entries a rule test listed, changed as one change of kind 'rule-apply' through the change
// engine, so one undo restores them all and each entry's history shows it.

export const APPLY_MESSAGES = {
  stale: (count: number) =>
    `${count === 1 ? '1 of these entries was' : `${count} of these entries were`} changed or ` +
    'deleted since the rule was tested, or no longer match it: nothing was changed. ' +
    'Test the rule again',
  twice: 'entries names an entry twice',
  split: (entry: { occurredOn: string; description: string }) =>
    `The entry “${entry.description}” of ${entry.occurredOn} is split: its categories are on ` +
    'its lines, so a rule cannot set one. Nothing was changed; narrow the rule so that it ' +
    'leaves that entry out',
} as const;

/**
 * POST /api/rules/apply: the rule's actions on the listed entries, all of them or none. Refused,
 * with nothing written, when an entry is another book's or unknown (404), was changed, deleted or
 * no longer matches since the test (409), is a transfer leg (422 TRANSFER_ENTRY), or would become
 * an entry the ledger refuses (422). Linear in the entries: one locking read, one pass, one change.
 */
export async function applyRule(
  db: DbOrTx,
  actor: Actor,
  input: ApplyRuleInput,
): Promise<{ changeId: string; count: number; accounts: Account[] }> {
  const { entries: listed, ...draft } = input;
  const ids = listed.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) throw new AppError('UNPROCESSABLE', APPLY_MESSAGES.twice);
  return inTransaction(db, async (trx) => {
    const { values, currency } = await checkedDraft(trx, actor.bookId, draft);
    const rule = compileValues(draft, values, currency);
    const currencyOf = await entryCurrencies(trx, actor.bookId);
    const locked = await lockEntryStates(trx, actor.bookId, ids);
    if (locked.size !== ids.length) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
    const pacer = new Pacer();
    // First whether the list is still what the test saw (one answer, whatever the order), then
    // whether each change is one the ledger takes.
    const entries = [];
    let stale = 0;
    for (const { id, version } of listed) {
      if (pacer.step(rule.pattern !== null)) await pacer.pause();
      const entry = locked.get(id) as NonNullable<ReturnType<typeof locked.get>>;
      const { row, state } = entry;
      const matches =
        !state.deleted &&
        ruleMatches(rule, {
          accountId: state.accountId,
          amountCents: signedEntryCents(state.type, state.amountCents),
          exponent: currencyExponent(currencyOf(state.accountId)),
          description: state.description,
          payee: state.payee,
        });
      if (row.version !== version || !matches) stale += 1;
      entries.push(entry);
    }
    if (stale > 0) throw new AppError('CONFLICT', APPLY_MESSAGES.stale(stale));
    if (entries.some(({ row }) => row.transfer_id !== null)) {
      throw new AppError('TRANSFER_ENTRY', MESSAGES.transferEntry);
    }
    const planned: PlannedEntry[] = [];
    for (const { row, state } of entries) {
      const after = withRuleActions(values, state);
      if (sameRuleFields(state, after)) continue;
      if (state.splits.length > 0 && after.categoryId !== null) {
        throw new AppError('UNPROCESSABLE', APPLY_MESSAGES.split(state));
      }
      planned.push({ id: row.id, before: state, after: { ...state, ...after } });
    }
    const applied = await applyChange(trx, { ...actor, kind: 'rule-apply', entries: planned });
    return {
      changeId: applied.changeId,
      count: planned.length,
      accounts: applied.accounts.map(toAccount),
    };
  });
}

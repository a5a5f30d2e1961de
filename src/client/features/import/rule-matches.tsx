import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { RULE_APPLY_MAX } from '../../../shared/limits.js';
import { Button } from '../../components/ui/button.js';
import { useSubmit } from '../../components/forms/use-submit.js';
import { serverMessage } from '../../lib/api-error.js';
import { formatCalendarDate, formatMoney, USD } from '../../lib/format.js';
import { useBook } from '../../lib/book.js';
import { useApplyRule, useUndoRuleApply, type RuleInput, type RuleTestResult } from './api.js';

/** A rule as it was tested, and what its test answered. */
export interface TestedRule {
  draft: RuleInput;
  result: RuleTestResult;
}

const entries = (count: number) => (count === 1 ? '1 entry' : `${count.toLocaleString()} entries`);

/**
 * What a rule's test found (docs/import.md#rules): how many of the latest entries it matches,
 * the ones it would change (date, description, amount, account; at most RULE_APPLY_MAX, the
 * total stated), and "Apply to these N entries", which changes exactly those as one change,
 * with an Undo that puts all of them back. The rule applied is the one tested, as tested.
 */
export function RuleMatches(props: { tested: TestedRule; accounts: readonly Account[] }) {
  const { draft, result } = props.tested;
  const apply = useApplyRule();
  const undo = useUndoRuleApply();
  const { submit, pending } = useSubmit({ lasting: true });
  const [applied, setApplied] = useState<{ changeId: string; count: number } | null>(null);
  const [undone, setUndone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The Apply button goes once the rule is applied, and Undo once undone: focus moves to what
  // took their place (Undo, then the message) instead of falling back to the page.
  const undoButton = useRef<HTMLButtonElement>(null);
  const outcomeMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (undone) outcomeMessage.current?.focus();
    else if (applied) undoButton.current?.focus();
  }, [applied, undone]);
  const accountTitle = (id: string | null) =>
    id === null ? 'No account' : (props.accounts.find((a) => a.id === id)?.title ?? 'An account');
  // An entry's amount is in its account's currency; without one, the book's base currency
  // (docs/money.md#account-currency).
  const baseCurrency = useBook().data?.baseCurrency ?? USD.code;
  const currencyOfAccount = (id: string | null) =>
    props.accounts.find((a) => a.id === id)?.currency ?? baseCurrency;
  const listed = result.toApply;

  async function onApply() {
    setProblem(null);
    const request = {
      ...draft,
      entries: listed.map(({ id, version }) => ({ id, version })),
    };
    const outcome = await submit({
      payload: request,
      send: (idempotencyKey) => apply.mutateAsync({ ...request, idempotencyKey }),
      success: (answer) => toast.success(`The rule changed ${entries(answer.count)}`),
      failure: 'Failed to apply the rule',
      onFailure: (error) => setProblem(serverMessage(error, 'The rule could not be applied')),
    });
    if (outcome) setApplied({ changeId: outcome.answer.changeId, count: outcome.answer.count });
  }

  async function onUndo() {
    if (!applied) return;
    setProblem(null);
    const outcome = await submit({
      payload: { undo: applied.changeId },
      send: (idempotencyKey) => undo.mutateAsync({ changeId: applied.changeId, idempotencyKey }),
      success: 'Change undone',
      failure: 'Could not undo the change',
      onFailure: (error) => setProblem(serverMessage(error, 'Could not undo the change')),
    });
    if (outcome) setUndone(true);
  }

  if (applied) {
    return (
      <div role="status" className="space-y-2 rounded-md border border-border p-3 text-sm">
        <p ref={outcomeMessage} tabIndex={-1} className="outline-none">
          {undone
            ? `Undone: the ${entries(applied.count)} are as they were.`
            : `The rule changed ${entries(applied.count)}.`}
        </p>
        {!undone && (
          <Button
            ref={undoButton}
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() => void onUndo()}
          >
            Undo
          </Button>
        )}
        {problem && <p className="text-destructive">{problem}</p>}
      </div>
    );
  }

  const more = result.changes - listed.length;
  return (
    <div className="space-y-2 text-sm">
      <p role="status">
        Matches {result.matched.toLocaleString()} of your latest {result.scanned.toLocaleString()}{' '}
        entries.{' '}
        {result.changes === 0
          ? 'Applying it would change none of them.'
          : `Applying it would change ${entries(result.changes)}.`}
      </p>
      {listed.length > 0 && (
        <>
          {more > 0 && (
            <p>
              The newest {RULE_APPLY_MAX} are listed (one apply changes at most {RULE_APPLY_MAX});
              test the rule again after applying it for the other {more.toLocaleString()}.
            </p>
          )}
          <div className="max-h-80 overflow-auto rounded-md border border-border">
            <table className="w-full text-left">
              <caption className="sr-only">Entries the rule would change</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th className="p-2 font-medium">Date</th>
                  <th className="p-2 font-medium">Description</th>
                  <th className="p-2 text-right font-medium">Amount</th>
                  <th className="p-2 font-medium">Account</th>
                </tr>
              </thead>
              <tbody>
                {listed.map((entry) => (
                  <tr key={entry.id} className="border-t border-border">
                    <td className="p-2 whitespace-nowrap">
                      {formatCalendarDate(entry.occurredOn)}
                    </td>
                    <td className="p-2 [overflow-wrap:anywhere]">
                      {entry.description || entry.payee || 'No description'}
                    </td>
                    <td className="p-2 text-right whitespace-nowrap">
                      {formatMoney(entry.amount, currencyOfAccount(entry.accountId))}
                    </td>
                    <td className="p-2">{accountTitle(entry.accountId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button disabled={pending} onClick={() => void onApply()}>
            Apply to these {entries(listed.length)}
          </Button>
        </>
      )}
      {problem && (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

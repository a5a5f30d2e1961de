import { Undo2 } from 'lucide-react';
import type { BudgetAction } from '../../../shared/schemas/budget.js';
import { Button } from '../../components/ui/button.js';
import { displayLocale, formatDate, formatMoney, type DisplayCurrency } from '../../lib/format.js';
import { actionSentence, actionWho, canUndo } from './budget-words.js';

/** "05 Mar, 2026 14:05": the day as every date of the app, the time in the person's locale. */
export function actionWhen(at: string): string {
  const time = new Date(at).toLocaleTimeString(displayLocale(), {
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDate(at)} ${time}`;
}

/**
 * One budget log row: what was done in words, who and when, and Undo while it still counts
 * (an undone row says so instead). Used by the History card and the explanation.
 */
export function ActionRow({
  action,
  names,
  currency,
  myEmail,
  onUndo,
  undoing,
}: {
  action: BudgetAction;
  names: ReadonlyMap<string, string>;
  currency: DisplayCurrency;
  myEmail: string | undefined;
  onUndo: (action: BudgetAction, sentence: string) => void;
  undoing: boolean;
}) {
  const sentence = actionSentence(action, names, (units) => formatMoney(units, currency));
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2" data-action={action.id}>
      <div className="min-w-0 flex-1 basis-48">
        <p className={action.counts ? '' : 'text-muted-foreground line-through'}>{sentence}</p>
        <p className="text-xs text-muted-foreground">
          {actionWho(action.actor, myEmail)} · {actionWhen(action.at)}
          {!action.counts && ' · Undone'}
        </p>
      </div>
      {canUndo(action) && (
        <Button
          variant="outline"
          size="sm"
          disabled={undoing}
          aria-label={`Undo: ${sentence}`}
          onClick={() => onUndo(action, sentence)}
        >
          <Undo2 className="h-4 w-4" aria-hidden />
          Undo
        </Button>
      )}
    </li>
  );
}

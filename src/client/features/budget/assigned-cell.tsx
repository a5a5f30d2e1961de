import { useId, useState, type KeyboardEvent } from 'react';
import type { BudgetCategory } from '../../../shared/schemas/budget.js';
import { FieldError } from '../../components/forms/field-error.js';
import {
  minorUnitsOf,
  readMoney,
  unitsOf,
  useLocaleMarks,
} from '../../components/forms/typed-amounts.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { failureToast } from '../../lib/api-error.js';
import { cn } from '../../lib/cn.js';
import type { DisplayCurrency } from '../../lib/format.js';
import { showFailure } from '../../lib/screen-toast.js';
import { assignedEditText, decideAssign } from './assign-text.js';
import { useAssignBudget } from './budget-mutations.js';

/** Marks the grid's Assigned inputs, in row order, for the arrow keys. */
export const ASSIGN_CELL = 'data-assign-cell';

const FAILED = 'Could not assign the money';

/** The Assigned input of the row before (-1) or after (+1) `from`, in the grid's order. */
function focusNeighbour(from: HTMLInputElement, step: -1 | 1): void {
  const grid = from.closest('table');
  if (!grid) return;
  const cells = [...grid.querySelectorAll<HTMLInputElement>(`input[${ASSIGN_CELL}]`)];
  const next = cells[cells.indexOf(from) + step];
  if (next) {
    next.focus();
    next.select();
  }
}

/**
 * A category's Assigned figure, typed in place (docs/client.md#the-budget-screen): Enter, Tab
 * (leaving the cell) or an arrow key to the next row saves it with budget.assign; Escape puts
 * back the saved figure. What was typed is read in the person's locale with the base currency's
 * decimals; text that cannot be read shows why under the cell and sends nothing. A refusal shows
 * the server's words there and in the toast, with what was typed kept.
 */
export function AssignedCell({
  month,
  category,
  currency,
}: {
  month: string;
  category: BudgetCategory;
  currency: DisplayCurrency;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const marks = useLocaleMarks();
  const current = minorUnitsOf(category.assigned, currency);
  const shown = assignedEditText(current, marks, currency.exponent);
  /** What the person typed; null while the cell shows the saved figure. */
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The amount last sent: not sent again while it is on its way or once saved. */
  const [sent, setSent] = useState<bigint | null>(null);
  const assign = useAssignBudget();
  const { submit } = useSubmit();

  // Once the month's figures show what was sent, the cell shows them again (adjusted while
  // rendering, as React advises for state that follows a prop).
  if (sent !== null && current === sent) {
    setTyped(null);
    setSent(null);
  }

  /** Saves what was typed; false when it cannot be read (the problem is shown). */
  function commit(): boolean {
    if (typed === null || typed === shown) {
      setTyped(null);
      setProblem(null);
      return true;
    }
    const decision = decideAssign(readMoney(typed, currency), current);
    if (decision.kind === 'problem') {
      setProblem(decision.message);
      return false;
    }
    setProblem(null);
    if (decision.kind === 'unchanged') {
      setTyped(null);
      return true;
    }
    if (decision.minorUnits === sent) return true;
    setSent(decision.minorUnits);
    const input = {
      month,
      categoryId: category.categoryId,
      assigned: unitsOf(decision.minorUnits, currency),
    };
    void submit({
      ...keyedRequest(input, assign.mutateAsync),
      failure: FAILED,
      onFailure: (error) => {
        setSent(null);
        setProblem(failureToast(error, FAILED).message);
        showFailure(error, FAILED);
      },
    });
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        commit();
        break;
      case 'Escape':
        if (typed !== null || problem !== null) {
          event.preventDefault();
          setTyped(null);
          setProblem(null);
        }
        break;
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (commit()) focusNeighbour(input, event.key === 'ArrowDown' ? 1 : -1);
        break;
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <input
        {...{ [ASSIGN_CELL]: '' }}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={`Assigned to ${category.name}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={typed ?? shown}
        onChange={(event) => {
          setTyped(event.target.value);
          if (problem) setProblem(null);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => commit()}
        onKeyDown={onKeyDown}
        className={cn(
          'h-8 w-28 rounded-md border border-border bg-background px-2 text-right text-sm tabular-nums',
          problem && 'border-destructive',
        )}
      />
      <div className="max-w-56 text-right">
        <FieldError id={errorId} message={problem} />
      </div>
    </div>
  );
}

import { toast } from 'sonner';
import type { BudgetAction } from '../../../shared/schemas/budget.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useUndoBudgetAction } from './budget-mutations.js';

/**
 * Undo of one budget log row (POST /api/budget/actions/{id}/undo): a new row that reverses it.
 * The toast says what was undone, or the server's refusal ("Already undone"...).
 */
export function useUndo() {
  const undo = useUndoBudgetAction();
  const { submit, pending } = useSubmit();
  const run = (action: BudgetAction, sentence: string) =>
    void submit({
      ...keyedRequest({ id: action.id }, undo.mutateAsync),
      success: (answer) => {
        if (answer.data.action === null) toast.info('Nothing to undo');
        else toast.success(`Undone: ${sentence}`);
      },
      failure: 'Could not undo the change',
    });
  return { undo: run, pending };
}

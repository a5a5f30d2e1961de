import { Goal } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import { useFillFromGoals } from './budget-mutations.js';

/**
 * "Fill from goals": assigns every category what its goal still needs this month, each as an
 * assignment of its own in the history (undone one by one there), docs/budgets.md#goals.
 */
export function FillFromGoalsButton({ month }: { month: string }) {
  const fill = useFillFromGoals();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={fill.isPending}
      onClick={() =>
        fill.mutate(
          { month, idempotencyKey: newIdempotencyKey() },
          {
            onSuccess: (answer) =>
              screenToast.info(
                answer.data.actions.length === 0
                  ? 'Every goal is met this month'
                  : `Filled from goals: ${answer.data.actions.length} ${answer.data.actions.length === 1 ? 'category' : 'categories'}`,
              ),
            onError: (error) => showFailure(error, 'Could not fill from goals'),
          },
        )
      }
    >
      <Goal className="h-4 w-4" aria-hidden />
      Fill from goals
    </Button>
  );
}

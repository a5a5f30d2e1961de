import { useId, useState } from 'react';
import { toast } from 'sonner';
import { failureToast } from '../../lib/api-error.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useBook, useSetApplyRules } from './api.js';

/**
 * The book's setting (docs/import.md#rules): when on, a deposit, withdrawal or expense added by
 * hand gets the first matching rule's fields, those the person left empty only.
 */
export function ManualRulesSwitch() {
  const id = useId();
  const book = useBook();
  const setApply = useSetApplyRules();
  const submission = useSubmission();
  // What the person just asked for, shown while the request runs (then the saved book).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? book.data?.applyRulesToManualEntries ?? false;

  async function toggle(next: boolean) {
    setAsked(next);
    try {
      const done = await submission.run(next, (idempotencyKey) =>
        setApply.mutateAsync({ on: next, idempotencyKey }),
      );
      if (done)
        toast.success(
          next ? 'Rules now apply to entries you add' : 'Rules no longer apply to entries you add',
        );
    } catch (error) {
      const { message, description } = failureToast(error, 'Failed to change the setting');
      toast.error(message, { description });
    } finally {
      setAsked(null);
    }
  }

  return (
    <div className="flex items-start gap-3 rounded-xl border border-border p-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        className="mt-1 h-4 w-4"
        checked={on}
        disabled={book.data === undefined || submission.pending}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          Apply rules to entries I add by hand
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          The first matching rule fills in the category, payee, tags or description you leave empty;
          what you choose yourself is kept.
        </p>
      </div>
    </div>
  );
}

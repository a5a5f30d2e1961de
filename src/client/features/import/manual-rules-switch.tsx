import { useId, useState } from 'react';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useBook, useUpdateBook } from '../../lib/book.js';

/**
 * The book's setting (docs/import.md#rules): when on, a deposit, withdrawal or expense added by
 * hand gets the first matching rule's fields, those the person left empty only.
 */
export function ManualRulesSwitch() {
  const id = useId();
  const book = useBook();
  const setApply = useUpdateBook();
  const { submit, pending } = useSubmit({ lasting: true });
  // What the person just asked for, shown while the request runs (then the saved book).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? book.data?.applyRulesToManualEntries ?? false;

  async function toggle(next: boolean) {
    setAsked(next);
    await submit({
      ...keyedRequest({ applyRulesToManualEntries: next }, setApply.mutateAsync),
      success: next
        ? 'Rules now apply to entries you add'
        : 'Rules no longer apply to entries you add',
      failure: 'Failed to change the setting',
    });
    setAsked(null);
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
        disabled={book.data === undefined || pending}
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

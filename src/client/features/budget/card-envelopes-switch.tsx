import { useId, useState } from 'react';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useSetBudgetSettings } from './budget-mutations.js';

/**
 * The book's credit-card setting (docs/budgets.md#credit-cards): on, each credit card gets a
 * payment envelope that spending on it fills from its categories and paying it empties; off,
 * cards are ordinary accounts. Every month changes at once.
 */
export function CardEnvelopesSwitch({ on: saved }: { on: boolean }) {
  const id = useId();
  const setSettings = useSetBudgetSettings();
  const { submit, pending } = useSubmit({ lasting: true });
  // What the person just asked for, shown while the request runs (then the saved month).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? saved;

  async function toggle(next: boolean) {
    setAsked(next);
    await submit({
      ...keyedRequest({ cardEnvelopes: next }, setSettings.mutateAsync),
      success: next
        ? 'Credit cards now have payment envelopes'
        : 'Credit cards are ordinary accounts again',
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
        disabled={pending}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          Budget credit cards with payment envelopes
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Spending on a card moves the money its category had to the card&apos;s payment envelope,
          and paying the card from checking uses it. Spending beyond that shows as card debt.
        </p>
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { keyedRequest, useSubmit } from './use-submit.js';

/**
 * A book setting as a switch with its explanation: a click saves it at once (with its
 * Idempotency-Key, retried when unanswered), shows what was asked for while the request runs,
 * and says in a toast what changed.
 */
export function SettingSwitch<Input extends object>(props: {
  label: string;
  hint: string;
  /** The saved value; undefined while it loads (the switch waits). */
  saved: boolean | undefined;
  /** The request that sets it to `next`. */
  input: (next: boolean) => Input;
  save: (input: Input & { idempotencyKey: string }) => Promise<unknown>;
  success: { on: string; off: string };
}) {
  const id = useId();
  const { submit, pending } = useSubmit({ lasting: true });
  // What the person just asked for, shown while the request runs (then the saved value).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? props.saved ?? false;

  async function toggle(next: boolean) {
    setAsked(next);
    await submit({
      ...keyedRequest(props.input(next), props.save),
      success: next ? props.success.on : props.success.off,
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
        disabled={props.saved === undefined || pending}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

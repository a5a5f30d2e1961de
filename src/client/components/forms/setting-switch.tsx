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
  // What the person just asked for, shown until the saved value changes (the request done and
  // the setting read again), so the switch never flicks back in between; a failure shows the
  // saved value again at once.
  const [asked, setAsked] = useState<{ value: boolean; savedThen: boolean | undefined } | null>(
    null,
  );
  const on =
    asked !== null && asked.savedThen === props.saved ? asked.value : (props.saved ?? false);

  async function toggle(next: boolean) {
    setAsked({ value: next, savedThen: props.saved });
    const outcome = await submit({
      ...keyedRequest(props.input(next), props.save),
      success: next ? props.success.on : props.success.off,
      failure: 'Failed to change the setting',
    });
    if (outcome === null) setAsked(null);
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

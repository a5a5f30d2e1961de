import { toast } from 'sonner';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useCheckedForm, type FormCheck } from './use-checked-form.js';

/** The request a form sends once its values pass the check. */
export interface FormRequest<Answer> {
  /** What the request is: the same payload sent again after no answer reuses its key. */
  payload: unknown;
  send: (idempotencyKey: string) => Promise<Answer>;
}

/** Why valid values are not sent. */
export type FormRefusal =
  /** An edit that changes nothing: the spec's "No changes to update." toast, nothing sent. */
  | { unchanged: true }
  /** A problem only the whole form sees (shown as the form's `problem`). */
  | { problem: string };

export interface AppFormOptions<Values extends FieldValues, Checked, Answer> {
  check: FormCheck<Values, Checked>;
  defaultValues: Values;
  request: (checked: Checked) => FormRequest<Answer> | FormRefusal;
  /** The toast once saved (it outlives the screen), or what says it (an Undo toast). */
  success: string | ((answer: Answer, checked: Checked) => void);
  /** The failure toast's message when the server gives no reason of its own. */
  failure: string;
  /** How a failure is told, when not as a screen toast (`showFailure`). */
  onFailure?: (error: unknown) => void;
  /** Back to the defaults once saved (a form that stays on screen for the next one). */
  resetOnDone?: boolean;
  /** After the toast: a dialog closes here (Dialog returns the focus to its opener). */
  onDone?: (answer: Answer) => void;
  /** After "No changes to update." (an inline edit closes). */
  onUnchanged?: () => void;
  onInvalid?: (problem: string, errors: FieldErrors<Values>) => void;
}

/**
 * The one form module (docs/decisions/021-one-form-module.md): react-hook-form checks the
 * values against the form's schema; a valid submit becomes one request that carries its
 * submission's Idempotency-Key (lib/use-submission.ts: reused when the same request is sent
 * again after no answer, new after any answer), with `pending` true from the first click; then
 * the success toast, the reset and the close, or the failure toast with what was typed kept.
 */
export function useAppForm<Values extends FieldValues, Checked, Answer>(
  options: AppFormOptions<Values, Checked, Answer>,
) {
  const submission = useSubmission();

  async function send(checked: Checked) {
    const request = options.request(checked);
    if ('unchanged' in request) {
      screenToast.info('No changes to update.');
      options.onUnchanged?.();
      return;
    }
    if ('problem' in request) {
      checkedForm.setProblem(request.problem);
      return;
    }
    let answer: Answer | undefined;
    try {
      const done = await submission.run(request.payload, async (idempotencyKey) => {
        answer = await request.send(idempotencyKey);
      });
      if (!done) return;
    } catch (error) {
      if (options.onFailure) options.onFailure(error);
      else showFailure(error, options.failure);
      return;
    }
    const saved = answer as Answer;
    if (typeof options.success === 'string') toast.success(options.success);
    else options.success(saved, checked);
    if (options.resetOnDone) checkedForm.form.reset();
    options.onDone?.(saved);
  }

  const checkedForm = useCheckedForm<Values, Checked>({
    check: options.check,
    defaultValues: options.defaultValues,
    onValid: send,
    onInvalid: options.onInvalid,
  });

  return { ...checkedForm, pending: submission.pending };
}

import type { FieldErrors, FieldValues } from 'react-hook-form';
import { screenToast } from '../../lib/screen-toast.js';
import { useCheckedForm, type FormCheck } from './use-checked-form.js';
import { useSubmit, type SubmitRequest } from './use-submit.js';

/** The request a form sends once its values pass the check. */
export type FormRequest<Answer> = Pick<SubmitRequest<Answer>, 'payload' | 'send'>;

/** Why valid values are not sent. */
export type FormRefusal =
  /** An edit that changes nothing: the spec's "No changes to update." toast, nothing sent. */
  | { unchanged: true }
  /** A problem only the whole form sees (shown as the form's `problem`). */
  | { problem: string };

export interface AppFormOptions<Values extends FieldValues, Checked, Answer> extends Pick<
  SubmitRequest<Answer>,
  'success' | 'failure' | 'onFailure'
> {
  check: FormCheck<Values, Checked>;
  defaultValues: Values;
  request: (checked: Checked) => FormRequest<Answer> | FormRefusal;
  /** A failure toast that stays on a move to another screen (see useSubmit). */
  lasting?: boolean;
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
 * values against the form's schema (useCheckedForm); a valid submit becomes one request
 * (useSubmit: pending from the first click, its Idempotency-Key, the success or failure toast);
 * then the reset and the close. A failure keeps what was typed.
 */
export function useAppForm<Values extends FieldValues, Checked, Answer>(
  options: AppFormOptions<Values, Checked, Answer>,
) {
  const { submit, pending } = useSubmit({ lasting: options.lasting });

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
    const { success, failure, onFailure } = options;
    const outcome = await submit({ ...request, success, failure, onFailure });
    if (!outcome) return;
    if (options.resetOnDone) checkedForm.form.reset();
    options.onDone?.(outcome.answer);
  }

  const checkedForm = useCheckedForm<Values, Checked>({
    check: options.check,
    defaultValues: options.defaultValues,
    onValid: send,
    onInvalid: options.onInvalid,
  });

  return { ...checkedForm, pending };
}

import { toast } from 'sonner';
import { failureToast } from '../../lib/api-error.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';

/** One request a person asked for: a form's submit, or a button that changes something. */
export interface SubmitRequest<Answer> {
  /** What the request is: the same payload sent again after no answer reuses its key. */
  payload: unknown;
  send: (idempotencyKey: string) => Promise<Answer>;
  /** The toast once it is done (it outlives the screen), or what says it (an Undo toast...). */
  success?: string | ((answer: Answer) => void);
  /** The failure toast's message when the server gives no reason of its own. */
  failure: string;
  /** How a failure is told instead of the toast (a status line beside the control). */
  onFailure?: (error: unknown) => void;
}

/**
 * Sends requests one at a time (lib/use-submission.ts: `pending` from the first click, the
 * submission's Idempotency-Key, reused when the same request is sent again after no answer), then
 * says the outcome: the success toast, or the failure toast with the server's reason (or that it
 * could not be reached). `lasting` failure toasts stay on a move to another screen (the import
 * and rules screens' own); by default they are the screen's (docs/client.md).
 */
export function useSubmit(options: { lasting?: boolean } = {}) {
  const submission = useSubmission();

  /** The outcome when it was sent and succeeded; null when it failed or another was running. */
  async function submit<Answer>(
    request: SubmitRequest<Answer>,
  ): Promise<{ answer: Answer } | null> {
    let answer: Answer | undefined;
    try {
      const done = await submission.run(request.payload, async (idempotencyKey) => {
        answer = await request.send(idempotencyKey);
      });
      if (!done) return null;
    } catch (error) {
      if (request.onFailure) request.onFailure(error);
      else if (!options.lasting) showFailure(error, request.failure);
      else {
        const { message, description } = failureToast(error, request.failure);
        toast.error(message, { description });
      }
      return null;
    }
    const outcome = { answer: answer as Answer };
    if (typeof request.success === 'string') toast.success(request.success);
    else request.success?.(outcome.answer);
    return outcome;
  }

  return { submit, pending: submission.pending };
}

/** The usual request: `input` sent by `call` with the submission's Idempotency-Key added. */
export function keyedRequest<Input extends object, Answer>(
  input: Input,
  call: (keyed: Input & { idempotencyKey: string }) => Promise<Answer>,
): Pick<SubmitRequest<Answer>, 'payload' | 'send'> {
  return { payload: input, send: (idempotencyKey) => call({ ...input, idempotencyKey }) };
}

import type { ReactNode } from 'react';
import { z } from 'zod';
import { EmailField } from '../../components/forms/email-field.js';
import { FormAlert } from '../../components/forms/form-alert.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useCheckedForm } from '../../components/forms/use-checked-form.js';

/**
 * The form of both key-login screens: one email, checked by `email` (it also trims and
 * lower-cases it), then handed to the screen's action, which says its own outcome. The message
 * goes as soon as the email is edited.
 */
export function KeyEmailForm(props: {
  id: string;
  initialEmail?: string;
  email: z.ZodType<string, string>;
  onEmail: (email: string) => Promise<void>;
  pending: boolean;
  pendingLabel: string;
  /** The register screen waits for an email before its button can be pressed. */
  needsEmail?: boolean;
  children: ReactNode;
}) {
  const { form, submit, problem, setProblem } = useCheckedForm({
    check: { schema: z.object({ email: props.email }) },
    defaultValues: { email: props.initialEmail ?? '' },
    onValid: ({ email }) => void props.onEmail(email),
  });
  const errorId = `${props.id}-error`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <EmailField
        id={props.id}
        invalid={Boolean(problem)}
        errorId={errorId}
        {...form.register('email', { onChange: () => setProblem(null) })}
      >
        <FormAlert id={errorId} message={problem} />
      </EmailField>
      <SubmitButton
        pending={props.pending}
        pendingLabel={props.pendingLabel}
        className=""
        disabled={props.needsEmail && !form.watch('email').trim()}
      >
        {props.children}
      </SubmitButton>
    </form>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { EmailField } from '../../../components/forms/email-field.js';
import { FormAlert } from '../../../components/forms/form-alert.js';
import { SubmitButton } from '../../../components/forms/submit-button.js';
import { Label } from '../../../components/ui/label.js';
import { PasswordInput } from './password-input.js';
import type { Credentials } from './router-state.js';
import { loadSignInFormError } from './sign-in-validation.js';

const CHECKS_UNAVAILABLE = 'Could not load the sign-in form. Check your connection and try again.';

/**
 * Email and password, checked against the shared sign-in schema on submit; the first problem is
 * shown under the fields. Browser validation is off so the same messages show everywhere. The
 * schema is fetched when a field is first focused (see sign-in-validation.ts).
 *
 * The one form not on react-hook-form (docs/decisions/021-one-form-module.md): the library
 * would add about 15 KB of gzip to /login, past its 170 KiB first-load budget, and this form has
 * no state of its own to manage (the screen owns the values; the request is Firebase's).
 */
export function CredentialsForm(props: {
  id: string;
  values: Credentials;
  onChange: (values: Credentials) => void;
  onSubmit: (values: Credentials) => void;
  submitLabel: string;
  pending: boolean;
  disabled: boolean;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Shown next to the password label (the "Forgot your password?" link). */
  passwordAside?: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  const { values } = props;
  const ids = { email: `${props.id}-email`, password: `${props.id}-password` };
  const errorId = `${props.id}-error`;

  function change(field: keyof Credentials, value: string) {
    setError(null);
    props.onChange({ ...values, [field]: value });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const credentials = { email: values.email.trim(), password: values.password };
    let signInFormError;
    try {
      signInFormError = await loadSignInFormError();
    } catch {
      setError(CHECKS_UNAVAILABLE);
      return;
    }
    const problem = signInFormError(credentials);
    setError(problem);
    if (!problem) props.onSubmit(credentials);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSignInFormError().catch(() => undefined)}
      className="flex flex-col gap-4"
      aria-busy={props.pending}
    >
      <EmailField
        id={ids.email}
        invalid={Boolean(error)}
        errorId={errorId}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.password}>Password</Label>
          {props.passwordAside}
        </div>
        <PasswordInput
          id={ids.password}
          required
          autoComplete={props.passwordAutoComplete}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FormAlert id={errorId} message={error} />
      <SubmitButton pending={props.pending} pendingLabel="Please wait" disabled={props.disabled}>
        {props.submitLabel}
      </SubmitButton>
    </form>
  );
}

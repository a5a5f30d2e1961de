import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { OrDivider, SignInUnavailable, TermsNote } from './sign-in/sign-in-parts.js';
import { CredentialsForm } from './sign-in/credentials-form.js';
import { ProviderButtons } from './sign-in/provider-buttons.js';
import { useCarriedCredentials, type Credentials } from './sign-in/router-state.js';
import { useSignInActions } from './sign-in/use-sign-in-actions.js';

const EMPTY: Credentials = { email: '', password: '' };

/** /signup: creates the Firebase account, sends the verification email, then /verify. */
export function SignupScreen() {
  const carried = useCarriedCredentials();
  const actions = useSignInActions();
  const [values, setValues] = useState<Credentials>(carried ?? EMPTY);
  const unavailable = !actions.loading && !actions.available;
  const typedSomething = Boolean(values.email || values.password);

  return (
    <AuthCard
      title="Create an account"
      description="Sign up with your Github or Google account"
      footer={<TermsNote />}
    >
      {unavailable && <SignInUnavailable failed={actions.failed} />}
      <ProviderButtons actions={actions} />
      <OrDivider label="Or continue with" />
      <CredentialsForm
        id="signup"
        values={values}
        onChange={setValues}
        onSubmit={(credentials) => void actions.signup(credentials)}
        submitLabel="Sign up"
        pending={actions.pending === 'password'}
        disabled={!actions.available || actions.pending !== null}
        passwordAutoComplete="new-password"
      />
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link
          to="/login"
          state={typedSomething ? { credentials: values } : {}}
          className="underline underline-offset-4"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { SignInCard } from './sign-in/sign-in-card.js';
import { useCarriedCredentials, type Credentials } from './sign-in/router-state.js';
import { useSignInActions } from './sign-in/use-sign-in-actions.js';

const EMPTY: Credentials = { email: '', password: '' };

/** /signup: creates the Firebase account, sends the verification email, then /verify. */
export function SignupScreen() {
  const carried = useCarriedCredentials();
  const actions = useSignInActions();
  const [values, setValues] = useState<Credentials>(carried ?? EMPTY);
  const typedSomething = Boolean(values.email || values.password);

  return (
    <SignInCard screen="signup" actions={actions} values={values} onChange={setValues}>
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
    </SignInCard>
  );
}

import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { SignInCard } from './sign-in/sign-in-card.js';
import { useCarriedCredentials, type Credentials } from './sign-in/router-state.js';
import { useSignInActions } from './sign-in/use-sign-in-actions.js';

const EMPTY: Credentials = { email: '', password: '' };

/**
 * /login. The fields start with what /signup carried over; with nothing carried, demo mode fills
 * in the ready-made demo account (outside demo mode they start empty). Once the person types,
 * their text wins.
 */
export function LoginScreen() {
  const carried = useCarriedCredentials();
  const actions = useSignInActions();
  const [typed, setTyped] = useState<Credentials | null>(carried);
  const demo = actions.appConfig?.demo ? actions.appConfig.demoCredentials : null;
  const values = typed ?? demo ?? EMPTY;

  return (
    <SignInCard
      screen="login"
      actions={actions}
      values={values}
      onChange={setTyped}
      passwordAside={
        <a
          href="#"
          onClick={(event) => event.preventDefault()}
          className="text-sm underline-offset-4 hover:underline"
        >
          Forgot your password?
        </a>
      }
    >
      <p className="mt-4 text-center text-sm">
        <Link to="/key-auth/verify" className="underline underline-offset-4">
          Sign in with a key on this device
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link
          to="/signup"
          state={typed ? { credentials: typed } : {}}
          className="underline underline-offset-4"
        >
          Sign up
        </Link>
      </p>
    </SignInCard>
  );
}

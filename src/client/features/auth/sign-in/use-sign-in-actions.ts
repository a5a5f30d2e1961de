import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { User } from 'firebase/auth';
import { toast } from 'sonner';
import { screenToast } from '../../../lib/screen-toast.js';
import { describeAuthError } from './firebase-errors.js';
import type { Credentials } from './router-state.js';
import { useFirebaseSession } from './use-firebase-session.js';

export type Provider = 'google' | 'github';
export type PendingAction = 'password' | Provider;

const PROVIDERS = {
  google: { failed: 'Google login failed', success: 'Logged in with Google!' },
  github: { failed: 'Github login failed', success: 'Logged in with Github!' },
} as const;

const VERIFICATION_SENT = 'Verification email sent. Please check your inbox.';

/**
 * The /login and /signup actions. One action runs at a time per screen; `pending` names it so
 * its button can show a spinner while every button is disabled.
 */
export function useSignInActions() {
  const session = useFirebaseSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingAction | null>(null);
  /** Demo mode: the provider whose stand-in sign-in screen is open. */
  const [demoProvider, setDemoProvider] = useState<Provider | null>(null);

  async function run(action: PendingAction, fallback: string, task: () => Promise<void>) {
    if (pending) return;
    setPending(action);
    try {
      await task();
    } catch (error) {
      screenToast.error(fallback, { description: describeAuthError(error) });
    } finally {
      setPending(null);
    }
  }

  /** Sends the verification email (a failure is reported, not fatal) and goes to /verify. */
  async function goVerify(user: User, email: string, message: string) {
    const { sendEmailVerification } = await import('firebase/auth');
    try {
      await sendEmailVerification(user);
      toast.success(VERIFICATION_SENT);
    } catch (error) {
      // Not a screen toast: it is about the next screen, /verify, where it still holds.
      toast.error('Failed to send verification email', { description: describeAuthError(error) });
    }
    void navigate({ to: '/verify', state: { verification: { email, message } } });
  }

  const login = ({ email, password }: Credentials) =>
    run('password', 'Login failed.', async () => {
      const auth = await session.getAuth();
      const { signInWithEmailAndPassword } = await import('firebase/auth');
      let user: User;
      try {
        ({ user } = await signInWithEmailAndPassword(auth, email, password));
      } catch (error) {
        screenToast.error('Login failed.', { description: describeAuthError(error) });
        return;
      }
      if (!user.emailVerified) {
        await goVerify(user, email, 'Please verify your email address before logging in.');
        return;
      }
      await session.startSession(user, 'Login successful!');
    });

  const signup = ({ email, password }: Credentials) =>
    run('password', 'An error occurred during sign up', async () => {
      const auth = await session.getAuth();
      const { createUserWithEmailAndPassword } = await import('firebase/auth');
      let user: User;
      try {
        ({ user } = await createUserWithEmailAndPassword(auth, email, password));
      } catch (error) {
        screenToast.error('Signup failed.', { description: describeAuthError(error) });
        return;
      }
      toast.success('Signup successful!');
      await goVerify(user, email, 'Your account has been created. Please verify your email.');
    });

  const popupLogin = (provider: Provider) =>
    run(provider, 'Provider login failed', async () => {
      const auth = await session.getAuth();
      const sdk = await import('firebase/auth');
      const authProvider =
        provider === 'google' ? new sdk.GoogleAuthProvider() : new sdk.GithubAuthProvider();
      let user: User;
      try {
        ({ user } = await sdk.signInWithPopup(auth, authProvider));
      } catch (error) {
        screenToast.error(PROVIDERS[provider].failed, { description: describeAuthError(error) });
        return;
      }
      await session.startSession(user, PROVIDERS[provider].success);
    });

  /**
   * Demo mode signs in against the Auth emulator with an emulator identity for the provider.
   * Firebase's popup flow would first load a script from apis.google.com, which a machine
   * without internet cannot reach; the stand-in screen asks what the emulator's screen asks.
   */
  const demoLogin = (provider: Provider, account: { email: string; name: string }) =>
    run(provider, 'Provider login failed', async () => {
      const auth = await session.getAuth();
      const sdk = await import('firebase/auth');
      const claims = JSON.stringify({
        sub: `demo-${provider}-${account.email.toLowerCase()}`,
        email: account.email,
        email_verified: true,
        name: account.name,
      });
      const credential =
        provider === 'google'
          ? sdk.GoogleAuthProvider.credential(claims)
          : sdk.GithubAuthProvider.credential(claims);
      let user: User;
      try {
        ({ user } = await sdk.signInWithCredential(auth, credential));
      } catch (error) {
        screenToast.error(PROVIDERS[provider].failed, { description: describeAuthError(error) });
        return;
      }
      setDemoProvider(null);
      await session.startSession(user, PROVIDERS[provider].success);
    });

  const loginWithProvider = (provider: Provider) => {
    if (session.appConfig?.demo) setDemoProvider(provider);
    else void popupLogin(provider);
  };

  return {
    ...session,
    pending,
    login,
    signup,
    loginWithProvider,
    demoProvider,
    closeDemoProvider: () => setDemoProvider(null),
    demoLogin,
  };
}

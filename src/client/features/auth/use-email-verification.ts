import { useState } from 'react';
import type { User } from 'firebase/auth';
import { toast } from 'sonner';
import { screenToast } from '../../lib/screen-toast.js';
import { describeAuthError } from './sign-in/firebase-errors.js';
import { useFirebaseSession } from './sign-in/use-firebase-session.js';

const NOT_SIGNED_IN = 'You are not signed in. Please log in again.';

/** /verify: "I have verified my email" and "Resend", both for the Firebase user signed in here. */
export function useEmailVerification() {
  const session = useFirebaseSession();
  const [pending, setPending] = useState<'check' | 'resend' | null>(null);

  /** The signed-in user once Firebase has restored it from storage (e.g. after a reload). */
  async function currentUser(): Promise<User | null> {
    const auth = await session.getAuth();
    await auth.authStateReady();
    return auth.currentUser;
  }

  async function check() {
    if (pending) return;
    setPending('check');
    try {
      const user = await currentUser();
      if (!user) throw new Error(NOT_SIGNED_IN);
      const { reload } = await import('firebase/auth');
      await reload(user);
      if (!user.emailVerified) {
        screenToast.error('Email not verified. Please check your inbox for the verification link.');
        return;
      }
      // A fresh ID token: the cached one still says the email is unverified.
      await session.startSession(user, 'Email verified successfully!', true);
    } catch (error) {
      screenToast.error(describeAuthError(error) ?? 'Error checking verification');
    } finally {
      setPending(null);
    }
  }

  async function resend() {
    if (pending) return;
    setPending('resend');
    try {
      const user = await currentUser();
      if (!user) throw new Error(NOT_SIGNED_IN);
      const { sendEmailVerification } = await import('firebase/auth');
      await sendEmailVerification(user);
      toast.success('Verification email sent. Please check your inbox.');
    } catch (error) {
      screenToast.error('Failed to send verification email', {
        description: describeAuthError(error),
      });
    } finally {
      setPending(null);
    }
  }

  return { ...session, pending, check, resend };
}

import { useState } from 'react';
import { z } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { screenToast } from '../../lib/screen-toast.js';
import { useRequestChallenge, useVerifySignature } from './api.js';
import { useKeyAuthStore } from './key-auth-store.js';
import { loadKeyPair, saveKeyPair, signChallenge } from './key-pair.js';
import { httpStatusOf } from '../../lib/api-error.js';

export const EMAIL_REQUIRED = 'Email is required for verification.';

/** The key login's check of the email typed (its form shows the message): trimmed, lower-cased. */
export const keyLoginEmail = z.string().trim().toLowerCase().min(1, EMAIL_REQUIRED);

/** A step of the key login that failed, with the message the person sees. */
class StepFailed extends Error {}

async function step<T>(task: () => Promise<T>, message: string): Promise<T> {
  try {
    return await task();
  } catch {
    throw new StepFailed(message);
  }
}

function present<T>(value: T | null | undefined, message: string): T {
  if (!value) throw new StepFailed(message);
  return value;
}

/** Key login: challenge, sign with the private key stored for the email, verify, keep the token. */
export function useKeyVerify() {
  const requestChallenge = useRequestChallenge();
  const verifySignature = useVerifySignature();
  const setToken = useKeyAuthStore((state) => state.setToken);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  /** One round: a fresh challenge signed with `privateKey`; the token, or the failure. */
  async function signInWith(email: string, privateKey: CryptoKey): Promise<string> {
    const issued = await step(
      () => requestChallenge.mutateAsync({ email }),
      'Failed to get challenge. Please try again.',
    );
    const challenge = present(issued.data?.challenge, 'No challenge received from server.');
    const signature = await step(
      () => signChallenge(privateKey, challenge),
      'Failed to sign challenge. Please check your private key and try again.',
    );
    // The challenge goes back with its signature, so the server checks that one only.
    const verified = await verifySignature.mutateAsync({ email, signature, challenge });
    return present(verified.data?.token, 'No token received from server.');
  }

  /** Signs in as `email`, checked by keyLoginEmail. */
  async function verify(email: string) {
    setPending(true);
    try {
      const noKey = 'No key pair found for this email. Please register first.';
      const pair = present(await step(() => loadKeyPair(email), noKey), noKey);
      let token: string;
      try {
        token = await signInWith(email, pair.privateKey);
        // The newest key works: the one it replaced is of no more use.
        if (pair.previous) await saveKeyPair({ ...pair, previous: undefined }).catch(() => null);
      } catch (failure) {
        // A key registered over an older one waits for its link; the older one still signs in.
        if (failure instanceof StepFailed || !pair.previous || httpStatusOf(failure) !== 401) {
          throw failure;
        }
        token = await signInWith(email, pair.previous.privateKey);
      }
      setToken(token);
      toast.success('Verification successful! You are now logged in.');
      void navigate({ to: '/key-auth/protected' });
    } catch (failure) {
      screenToast.error(
        failure instanceof StepFailed ? failure.message : 'Verification failed. Please try again.',
      );
    } finally {
      setPending(false);
    }
  }

  return { verify, pending };
}

import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useKeyAuthStore } from '../../lib/key-auth-store.js';
import { loadKeyPair, signChallenge } from '../../lib/key-pair.js';
import { trpc } from '../../lib/trpc.js';

export const EMAIL_REQUIRED = 'Email is required for verification.';

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

/**
 * Key login: challenge, sign with the private key stored for the email, verify, keep the token.
 * The calls go through the plain tRPC client rather than useMutation: the app's mutation cache
 * signs the MAIN session out on any 401, and a failed key verification answers 401.
 */
export function useKeyVerify() {
  const client = trpc.useUtils().client;
  const setToken = useKeyAuthStore((state) => state.setToken);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function verify(typed: string) {
    const email = typed.trim().toLowerCase();
    if (!email) {
      setError(EMAIL_REQUIRED);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const noKey = 'No key pair found for this email. Please register first.';
      const pair = present(await step(() => loadKeyPair(email), noKey), noKey);
      const issued = await step(
        () => client.keyAuth.challenge.mutate({ email }),
        'Failed to get challenge. Please try again.',
      );
      const challenge = present(issued.data?.challenge, 'No challenge received from server.');
      const signature = await step(
        () => signChallenge(pair.privateKey, challenge),
        'Failed to sign challenge. Please check your private key and try again.',
      );
      const verified = await step(
        () => client.keyAuth.verify.mutate({ email, signature }),
        'Verification failed. Please try again.',
      );
      setToken(present(verified.data?.token, 'No token received from server.'));
      toast.success('Verification successful! You are now logged in.');
      void navigate({ to: '/key-auth/protected' });
    } catch (failure) {
      toast.error(
        failure instanceof StepFailed ? failure.message : 'Verification failed. Please try again.',
      );
    } finally {
      setPending(false);
    }
  }

  return { verify, pending, error, clearError: () => setError(null) };
}

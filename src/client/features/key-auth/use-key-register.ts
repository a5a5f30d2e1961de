import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import {
  generateKeyPair,
  loadKeyPair,
  saveKeyPair,
  type StoredKeyPair,
} from '../../lib/key-pair.js';
import { trpc } from '../../lib/trpc.js';
import { isValidEmail } from '../../../shared/validation.js';
import { httpStatusOf, serverMessage } from './server-message.js';

export const INVALID_EMAIL = 'Please enter a valid email address.';
const FAILED = 'Registration failed. Please try again.';

/**
 * Key registration. The new key pair is stored only AFTER the server accepted its public key, and
 * never for a failed registration, the 409 "email already has a key" included: saving first
 * would overwrite the key this browser may already hold for that email, and that old key is the
 * one the server still trusts, so the person could no longer sign in. Keeping it means a 409
 * can offer "Verify with Key" straight away. The key store is probed before the server call so
 * a browser that cannot keep keys fails before a key nobody holds gets registered.
 */
export function useKeyRegister() {
  const register = trpc.keyAuth.register.useMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(typed: string) {
    const email = typed.trim().toLowerCase();
    if (!isValidEmail(email)) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(null);
    setPending(true);
    try {
      let existing: StoredKeyPair | undefined;
      let pair: StoredKeyPair;
      try {
        existing = await loadKeyPair(email);
        pair = await generateKeyPair(email);
      } catch {
        toast.error(FAILED, { description: 'This browser could not create or store a key pair.' });
        return;
      }
      try {
        await register.mutateAsync({ email, publicKey: pair.publicKey });
      } catch (failure) {
        const verify = () => navigate({ to: '/key-auth/verify', search: { email } });
        const canVerify = httpStatusOf(failure) === 409 && existing;
        toast.error(serverMessage(failure, FAILED), {
          ...(canVerify ? { action: { label: 'Verify with Key', onClick: verify } } : {}),
        });
        return;
      }
      try {
        await saveKeyPair(pair);
      } catch {
        toast.error(FAILED, { description: 'The key was registered but could not be stored.' });
        return;
      }
      toast.success('Registration successful!');
      void navigate({ to: '/key-auth/verify', search: { email } });
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, error, clearError: () => setError(null) };
}

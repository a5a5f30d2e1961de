import { useState } from 'react';
import { z } from 'zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { screenToast } from '../../lib/screen-toast.js';
import { isValidEmail } from '../../../shared/validation.js';
import { serverMessage } from '../../lib/api-error.js';
import { useRegisterKey } from './api.js';
import { generateKeyPair, loadKeyPair, saveKeyPair, type StoredKeyPair } from './key-pair.js';

export const INVALID_EMAIL = 'Please enter a valid email address.';
const FAILED = 'Registration failed. Please try again.';
/** The registration's check of the email typed (its form shows the message). */
export const keyRegisterEmail = z.string().trim().toLowerCase().refine(isValidEmail, INVALID_EMAIL);
export const CONFIRM_HINT =
  'If this email already had a key, open the link we sent to it to start using this one.';

/**
 * Key registration. The new key pair is stored only AFTER the server accepted its public key.
 * The server answers alike whether or not the email already had a key; when it had one, the new
 * key signs in only once the link sent to the email is opened. So a key this browser already
 * held for the email is kept beside the new one (`previous`), and sign-in falls back to it until
 * the new one works. The key store is probed before the server call so a browser that cannot
 * keep keys fails before a key nobody holds gets registered.
 */
export function useKeyRegister() {
  const register = useRegisterKey();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  /** Registers a new key for `email`, checked by keyRegisterEmail. */
  async function submit(email: string) {
    setPending(true);
    try {
      let existing: StoredKeyPair | undefined;
      let pair: StoredKeyPair;
      try {
        existing = await loadKeyPair(email);
        pair = await generateKeyPair(email);
      } catch {
        screenToast.error(FAILED, {
          description: 'This browser could not create or store a key pair.',
        });
        return;
      }
      try {
        await register.mutateAsync({ email, publicKey: pair.publicKey });
      } catch (failure) {
        screenToast.error(serverMessage(failure, FAILED));
        return;
      }
      try {
        const previous = existing?.previous ?? existing;
        await saveKeyPair({
          ...pair,
          ...(previous && {
            previous: { publicKey: previous.publicKey, privateKey: previous.privateKey },
          }),
        });
      } catch {
        screenToast.error(FAILED, {
          description: 'The key was registered but could not be stored.',
        });
        return;
      }
      toast.success('Registration successful!', { description: CONFIRM_HINT });
      void navigate({ to: '/key-auth/verify', search: { email } });
    } finally {
      setPending(false);
    }
  }

  return { submit, pending };
}

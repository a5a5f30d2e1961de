import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { KeyEmailField } from './key-email-field.js';
import { useKeyVerify } from './use-key-verify.js';

/** /key-auth/verify: proves the identity by signing a server challenge with the stored key. */
export function KeyVerifyScreen({ initialEmail }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail ?? '');
  const login = useKeyVerify();

  function submit(event: FormEvent) {
    event.preventDefault();
    void login.verify(email);
  }

  return (
    <AuthCard
      title="Sign in with your key"
      description="Sign in with the key stored in this browser for your email"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <KeyEmailField
          id="key-verify-email"
          value={email}
          error={login.error}
          onChange={(value) => {
            login.clearError();
            setEmail(value);
          }}
        />
        <Button type="submit" disabled={login.pending}>
          {login.pending && <Spinner className="h-4 w-4" label="Verifying" />}
          Verify with Key
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        No key on this device yet?{' '}
        <Link to="/key-auth/register" className="underline underline-offset-4">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}

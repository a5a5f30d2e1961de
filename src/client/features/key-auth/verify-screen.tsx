import { Link } from '@tanstack/react-router';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { KeyEmailForm } from './key-email-form.js';
import { keyLoginEmail, useKeyVerify } from './use-key-verify.js';

/** /key-auth/verify: proves the identity by signing a server challenge with the stored key. */
export function KeyVerifyScreen({ initialEmail }: { initialEmail?: string }) {
  const login = useKeyVerify();
  return (
    <AuthCard
      title="Sign in with your key"
      description="Sign in with the key stored in this browser for your email"
    >
      <KeyEmailForm
        id="key-verify-email"
        initialEmail={initialEmail}
        email={keyLoginEmail}
        onEmail={login.verify}
        pending={login.pending}
        pendingLabel="Verifying"
      >
        Verify with Key
      </KeyEmailForm>
      <p className="mt-6 text-center text-sm">
        No key on this device yet?{' '}
        <Link to="/key-auth/register" className="underline underline-offset-4">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}

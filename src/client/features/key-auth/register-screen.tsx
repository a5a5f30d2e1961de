import { Link } from '@tanstack/react-router';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { KeyEmailForm } from './key-email-form.js';
import { keyRegisterEmail, useKeyRegister } from './use-key-register.js';

/** /key-auth/register: makes a key pair in this browser and registers its public half. */
export function KeyRegisterScreen() {
  const registration = useKeyRegister();
  return (
    <AuthCard
      title="Email Authentication"
      description="Enter your email address to continue and generate key"
    >
      <KeyEmailForm
        id="key-register-email"
        email={keyRegisterEmail}
        onEmail={registration.submit}
        pending={registration.pending}
        pendingLabel="Registering"
        needsEmail
      >
        {registration.pending ? 'Generating Keys & Registering...' : 'Generate Keys & Register'}
      </KeyEmailForm>
      <p className="mt-6 text-center text-sm">
        Already registered on this device?{' '}
        <Link to="/key-auth/verify" className="underline underline-offset-4">
          Verify with your key
        </Link>
      </p>
    </AuthCard>
  );
}

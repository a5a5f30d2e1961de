import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { KeyEmailField } from './key-email-field.js';
import { useKeyRegister } from './use-key-register.js';

/** /key-auth/register: makes a key pair in this browser and registers its public half. */
export function KeyRegisterScreen() {
  const [email, setEmail] = useState('');
  const registration = useKeyRegister();

  function submit(event: FormEvent) {
    event.preventDefault();
    void registration.submit(email);
  }

  return (
    <AuthCard
      title="Email Authentication"
      description="Enter your email address to continue and generate key"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <KeyEmailField
          id="key-register-email"
          value={email}
          error={registration.error}
          onChange={(value) => {
            registration.clearError();
            setEmail(value);
          }}
        />
        <Button type="submit" disabled={!email.trim() || registration.pending}>
          {registration.pending && <Spinner className="h-4 w-4" label="Registering" />}
          {registration.pending ? 'Generating Keys & Registering...' : 'Generate Keys & Register'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        Already registered on this device?{' '}
        <Link to="/key-auth/verify" className="underline underline-offset-4">
          Verify with your key
        </Link>
      </p>
    </AuthCard>
  );
}

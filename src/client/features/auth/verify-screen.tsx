import { Link, useLocation } from '@tanstack/react-router';
import { Inbox, MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { useEmailVerification } from './use-email-verification.js';

/** /verify: the person confirms they clicked the link in the verification email. */
export function VerifyScreen() {
  const passed = useLocation({ select: (location) => location.state.verification });
  const verification = useEmailVerification();
  const busy = verification.pending !== null || !verification.available;
  const email = passed?.email;

  return (
    <AuthCard
      title="Email Verification Required"
      description={passed?.message ?? 'Please verify your email address to continue.'}
    >
      <div className="flex flex-col gap-4 text-sm">
        <MailCheck className="mx-auto h-10 w-10 text-primary" aria-hidden />
        <p className="text-center text-muted-foreground">
          {email ? (
            <>
              We sent a verification link to <strong className="text-foreground">{email}</strong>.
            </>
          ) : (
            'We sent a verification link to your email address.'
          )}{' '}
          Open it, then come back here.
        </p>
        <Button className="w-full" disabled={busy} onClick={() => void verification.check()}>
          {verification.pending === 'check' && <Spinner className="h-4 w-4" label="Checking" />}I
          have verified my email
        </Button>
        <p className="text-center text-muted-foreground">
          Didn&apos;t get the email?{' '}
          <button
            type="button"
            className="font-medium text-foreground underline underline-offset-4 disabled:opacity-50"
            disabled={busy}
            onClick={() => void verification.resend()}
          >
            Resend
          </button>
        </p>
        {verification.appConfig?.demo && (
          <p className="flex items-center justify-center gap-2 rounded-md bg-muted p-3 text-muted-foreground">
            <Inbox className="h-4 w-4 shrink-0" aria-hidden />
            <span>
              Demo mode: no email is really sent.{' '}
              <Link
                to="/demo/mailbox"
                search={email ? { email } : {}}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-foreground underline underline-offset-4"
              >
                Open the demo mailbox
              </Link>
            </span>
          </p>
        )}
        <p className="text-center">
          <Link to="/login" className="underline underline-offset-4">
            Back to login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

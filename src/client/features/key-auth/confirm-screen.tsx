import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { AuthCard } from '../../components/widgets/auth-card.js';
import { serverMessage } from '../../lib/api-error.js';
import { useConfirmKey } from './api.js';

const FAILED = 'The key could not be confirmed. Please try again.';

/**
 * /key-auth/confirm?token=...: the page the link sent to an email opens. It asks before it
 * confirms, because mail scanners open links on their own (docs/sign-in.md#key-based-login).
 */
export function KeyConfirmScreen({ token }: { token?: string }) {
  const confirm = useConfirmKey();
  const email = confirm.confirmedEmail;

  return (
    <AuthCard
      title="Confirm your new key"
      description="A new sign-in key was registered for your email. Confirm it only if you registered it."
    >
      {email ? (
        <div className="flex flex-col gap-4 text-sm" role="status">
          <p>Key confirmed. {email} now signs in with the new key, as a new account.</p>
          <Link
            to="/key-auth/verify"
            search={{ email }}
            className="font-medium underline underline-offset-4"
          >
            Verify with Key
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            The new key replaces the one this email signs in with now. What the old key&apos;s
            account holds stays with it: the new key starts an account of its own.
          </p>
          {!token && (
            <p role="alert" className="text-sm text-destructive">
              This link is incomplete: open the whole link from the message.
            </p>
          )}
          {confirm.error && (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(confirm.error, FAILED)}
            </p>
          )}
          <Button
            disabled={!token || confirm.isPending}
            onClick={() => token && confirm.mutate({ token })}
          >
            {confirm.isPending && <Spinner className="h-4 w-4" label="Confirming" />}
            Confirm key
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

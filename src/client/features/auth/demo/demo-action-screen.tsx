import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MailCheck, MailX } from 'lucide-react';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { describeAuthError } from '../sign-in/firebase-errors.js';
import type { AppConfig } from '../../../../shared/schemas/auth.js';
import { useAppConfig } from '../api.js';
import { getFirebaseAuth } from '../firebase.js';

/** A code works once: one attempt per code per page, however often the effect runs. */
const attempts = new Map<string, Promise<string | null>>();

function verifyEmail(config: AppConfig, oobCode: string): Promise<string | null> {
  let attempt = attempts.get(oobCode);
  if (!attempt) {
    attempt = (async () => {
      const auth = await getFirebaseAuth(config);
      const { applyActionCode, checkActionCode } = await import('firebase/auth');
      const info = await checkActionCode(auth, oobCode);
      await applyActionCode(auth, oobCode);
      return info.data.email ?? null;
    })();
    attempts.set(oobCode, attempt);
  }
  return attempt;
}

type Outcome =
  | { state: 'working' }
  | { state: 'verified'; email: string | null }
  | { state: 'failed'; reason: string };

/**
 * /demo/action: where the demo mailbox's verification links lead. The app applies the code with
 * the Firebase SDK (against the local Auth emulator) and says what happened, instead of the
 * emulator's own page of raw JSON.
 */
export function DemoActionScreen({ mode, oobCode }: { mode?: string; oobCode?: string }) {
  const config = useAppConfig();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const appConfig = config.data;

  const code = mode === 'verifyEmail' ? oobCode : undefined;

  useEffect(() => {
    if (!appConfig || !code) return;
    let cancelled = false;
    void (async () => {
      try {
        const email = await verifyEmail(appConfig, code);
        if (!cancelled) setOutcome({ state: 'verified', email });
      } catch (error) {
        if (!cancelled) {
          setOutcome({
            state: 'failed',
            reason:
              describeAuthError(error) ?? 'This link is invalid, expired or was already used.',
          });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [appConfig, code]);

  const failed = !code
    ? { state: 'failed' as const, reason: 'This link is not a verification link.' }
    : config.isError
      ? { state: 'failed' as const, reason: 'Could not load the sign-in settings.' }
      : null;
  const shown = failed ?? outcome;

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <Card className="flex flex-col items-center gap-4 p-6 text-center">
        {shown.state === 'working' && (
          <>
            <h1 className="text-xl font-semibold">Verifying your email address…</h1>
            <Spinner className="h-6 w-6" label="Verifying" />
          </>
        )}
        {shown.state === 'verified' && (
          <>
            <MailCheck className="h-10 w-10 text-primary" aria-hidden />
            <h1 className="text-xl font-semibold">Email verified</h1>
            <p role="status" className="text-sm text-muted-foreground">
              {shown.email ? (
                <>
                  <strong className="text-foreground [overflow-wrap:anywhere]">
                    {shown.email}
                  </strong>{' '}
                  is verified.
                </>
              ) : (
                'Your email address is verified.'
              )}{' '}
              Go back to the verification page and choose &quot;I have verified my email&quot;, or
              log in.
            </p>
          </>
        )}
        {shown.state === 'failed' && (
          <>
            <MailX className="h-10 w-10 text-destructive" aria-hidden />
            <h1 className="text-xl font-semibold">The email could not be verified</h1>
            <p role="alert" className="text-sm text-muted-foreground">
              {shown.reason}
            </p>
          </>
        )}
        <p className="flex flex-wrap justify-center gap-4 text-sm">
          <Link to="/login" className="underline underline-offset-4">
            Go to login
          </Link>
          <Link to="/demo/mailbox" className="underline underline-offset-4">
            Demo mailbox
          </Link>
        </p>
      </Card>
    </main>
  );
}

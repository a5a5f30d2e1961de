import { Link } from '@tanstack/react-router';
import { ExternalLink, Inbox, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { serverMessage } from '../../../lib/api-error.js';
import { useAppConfig, useDemoMailbox } from '../api.js';

/**
 * The emulator's link ("/emulator/action?mode=verifyEmail&oobCode=...") as a link to the app's
 * own page for it (/demo/action), which applies the code and says so; other links as they are.
 */
function appLinkOf(link: string): { mode: string; oobCode: string } | null {
  try {
    const url = new URL(link);
    const mode = url.searchParams.get('mode');
    const oobCode = url.searchParams.get('oobCode');
    return mode === 'verifyEmail' && oobCode ? { mode, oobCode } : null;
  } catch {
    return null;
  }
}

const REQUEST_TYPES: Record<string, string> = {
  VERIFY_EMAIL: 'Verify email',
  PASSWORD_RESET: 'Reset password',
  EMAIL_SIGNIN: 'Sign-in link',
  VERIFY_AND_CHANGE_EMAIL: 'Verify new email',
  CONFIRM_KEY_LOGIN: 'Confirm a new sign-in key',
  BOOK_INVITATION: 'Invitation to a shared book',
};

/** /demo/mailbox: the emails the local Auth emulator "sent", so demo sign-ups can be verified. */
export function DemoMailboxScreen({ email }: { email?: string }) {
  const config = useAppConfig();
  const demo = config.data?.demo ?? false;
  const mailbox = useDemoMailbox(email, { enabled: demo });

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 p-6 md:p-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            <Inbox className="h-6 w-6" aria-hidden />
            Demo mailbox
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            In demo mode sign-in runs on a local emulator and no email leaves this machine. The
            messages it would have sent are listed here: open a verification link, then go back and
            choose &quot;I have verified my email&quot;, or a key confirmation link to use a new
            key.
          </p>
        </div>
        {demo && (
          <Button
            variant="outline"
            onClick={() => void mailbox.refetch()}
            disabled={mailbox.isFetching}
          >
            <RefreshCw
              className={`h-4 w-4 ${mailbox.isFetching ? 'animate-spin' : ''}`}
              aria-hidden
            />
            Refresh
          </Button>
        )}
      </header>
      {email && (
        <p className="text-sm">
          Showing messages to <strong>{email}</strong>.{' '}
          <Link to="/demo/mailbox" className="underline underline-offset-4">
            Show all
          </Link>
        </p>
      )}
      <MailboxBody
        configLoading={config.isPending}
        demo={demo}
        loading={mailbox.isPending}
        error={mailbox.error ? serverMessage(mailbox.error, 'Could not load the mailbox.') : null}
        messages={mailbox.data ?? []}
      />
    </main>
  );
}

const LINK_CLASS =
  'inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4';

function MessageLink({ link }: { link: string }) {
  const action = appLinkOf(link);
  if (action) {
    return (
      <Link to="/demo/action" search={action} target="_blank" className={LINK_CLASS}>
        Open link
        <ExternalLink className="h-4 w-4" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </Link>
    );
  }
  return (
    <a href={link} target="_blank" rel="noreferrer" className={LINK_CLASS}>
      Open link
      <ExternalLink className="h-4 w-4" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function MailboxBody(props: {
  configLoading: boolean;
  demo: boolean;
  loading: boolean;
  error: string | null;
  messages: { email: string; requestType: string; link: string }[];
}) {
  if (props.configLoading || (props.demo && props.loading && !props.error)) {
    return <Spinner className="mx-auto h-6 w-6" label="Loading messages" />;
  }
  if (!props.demo) {
    return (
      <Card role="status">The demo mailbox is unavailable: this server is not in demo mode.</Card>
    );
  }
  if (props.error) return <Card role="alert">{props.error}</Card>;
  if (props.messages.length === 0) return <Card role="status">No messages yet.</Card>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Messages, newest first">
      {props.messages.map((message) => (
        <li key={message.link}>
          <Card className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium">
                {REQUEST_TYPES[message.requestType] ?? message.requestType}
              </p>
              <p className="truncate text-sm text-muted-foreground">To: {message.email}</p>
            </div>
            <MessageLink link={message.link} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { InvitationState } from '../../../shared/schemas/sharing.js';
import { useSubmit } from '../../components/forms/use-submit.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { serverMessage } from '../../lib/api-error.js';
import { formatDate } from '../../lib/format.js';
import { forgetPendingInvitation, invitationTokenOf } from '../../lib/pending-invitation.js';
import {
  ROLE_LABELS,
  useAcceptInvitation,
  useBooks,
  useDeclineInvitation,
  useInvitationPreview,
} from './api.js';
import { useSwitchBook } from './use-switch-book.js';

const INCOMPLETE = 'This invitation link is incomplete: open the whole link you were sent.';

/** Why an invitation that is not open can no longer be accepted (the server's words). */
const NOT_OPEN: Record<Exclude<InvitationState, 'open'>, string> = {
  accepted: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  expired: 'This invitation has expired: ask for a new one.',
};

/**
 * /invitation#token=…: what an invitation offers (the book, the role, who invited, whether it is
 * still open), then Accept, which opens the book, or Decline. The token is read from the
 * fragment, which the browser never sends to the server.
 */
export function InvitationPage() {
  const hash = useLocation({ select: (location) => location.hash });
  // Another link opened in this tab changes only the fragment: the screen follows it.
  const token = invitationTokenOf(hash);
  useEffect(() => forgetPendingInvitation(), []);
  return (
    <section aria-labelledby="invitation-heading" className="mx-auto max-w-xl space-y-6">
      <h1 id="invitation-heading" className="text-2xl font-bold">
        Invitation
      </h1>
      {token ? <Preview key={token} token={token} /> : <Card role="alert">{INCOMPLETE}</Card>}
    </section>
  );
}

function Preview({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const books = useBooks();
  const switchBook = useSwitchBook();
  const navigate = useNavigate();
  const { submit, pending } = useSubmit();
  if (preview.isError) {
    return (
      <Card role="alert" className="space-y-3">
        <p>{serverMessage(preview.error, 'This invitation could not be read.')}</p>
        <Link to="/" className="text-sm font-medium underline">
          Go to your dashboard
        </Link>
      </Card>
    );
  }
  if (!preview.data) return <PageSpinner />;
  const invitation = preview.data;
  const from = invitation.invitedBy ?? 'An owner of the book';
  const joined = books.data?.find((book) => book.id === invitation.bookId);
  return (
    <Card className="space-y-4">
      <p>
        <span className="break-all">{from}</span> invites you to the book{' '}
        <span className="font-semibold break-words">“{invitation.bookName}”</span> as{' '}
        <span className="font-semibold">{ROLE_LABELS[invitation.role].toLowerCase()}</span>.
      </p>
      {invitation.alreadyMember ? (
        <div className="space-y-3">
          <p role="status">You are already a member of this book.</p>
          <Button onClick={() => (joined ? void switchBook(joined) : void navigate({ to: '/' }))}>
            Open the book
          </Button>
        </div>
      ) : invitation.state !== 'open' ? (
        <p role="status">{NOT_OPEN[invitation.state]}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            It can be accepted until {formatDate(invitation.expiresAt)}. Your own book stays as it
            is.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={pending}
              onClick={() =>
                void submit({
                  payload: { accept: token },
                  send: (idempotencyKey) => accept.mutateAsync({ token, idempotencyKey }),
                  success: (answer) => toast.success(`You joined “${answer.book.name}”`),
                  failure: 'Failed to accept the invitation',
                }).then((outcome) => outcome && switchBook(outcome.answer.book))
              }
            >
              Accept
            </Button>
            <Button
              variant="outline"
              disabled={pending}
              onClick={() =>
                void submit({
                  payload: { decline: token },
                  send: (idempotencyKey) => decline.mutateAsync({ token, idempotencyKey }),
                  success: 'Invitation declined',
                  failure: 'Failed to decline the invitation',
                })
              }
            >
              Decline
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

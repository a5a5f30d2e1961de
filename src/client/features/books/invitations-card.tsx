import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailSchema } from '../../../shared/schemas/auth.js';
import { BOOK_ROLES, type BookRole } from '../../../shared/schemas/book.js';
import type { Invitation, InvitationState } from '../../../shared/schemas/sharing.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { CELL, Table } from '../../components/ui/table.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { formatDate } from '../../lib/format.js';
import { ROLE_LABELS, useCreateInvitation, useInvitations, useRevokeInvitation } from './api.js';

const ROLE_OPTIONS = BOOK_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const STATE_LABELS: Record<InvitationState, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * An owner's invitations: invite someone by email (the server mails the link), or create a link
 * to share some other way; the list with each one's state; open ones can be withdrawn.
 */
export function InvitationsCard() {
  const invitations = useInvitations(true);
  const [link, setLink] = useState<string | null>(null);
  return (
    <Card id="invitations" className="space-y-4">
      <CardTitle>Invitations</CardTitle>
      <p className="text-sm text-muted-foreground">
        An invitation can be accepted once, within 7 days. Whoever accepts it joins this book with
        the role you choose.
      </p>
      <InviteForm onLink={setLink} />
      {link && <CreatedLink link={link} />}
      {invitations.isError ? (
        <QueryError query={invitations} fallback="Failed to load the invitations" />
      ) : !invitations.data ? (
        <PageSpinner />
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations yet.</p>
      ) : (
        <Table
          caption="Invitations to this book"
          columns={[
            { label: 'Invited' },
            { label: 'Role' },
            { label: 'State' },
            { label: 'Expires' },
            { label: 'Actions' },
          ]}
        >
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </Table>
      )}
    </Card>
  );
}

const inviteSchema = z.object({ email: emailSchema, role: z.enum(BOOK_ROLES) });

function InviteForm({ onLink }: { onLink: (link: string) => void }) {
  const create = useCreateInvitation();
  const linkSubmit = useSubmit();
  const { form, field, formProps, pending } = useAppForm({
    check: { schema: inviteSchema },
    defaultValues: { email: '', role: 'editor' },
    request: ({ email, role }) => keyedRequest({ email, role }, create.mutateAsync),
    success: (answer) => toast.success(`Invitation sent to ${answer.invitation.email ?? ''}`),
    failure: 'Failed to send invitation',
    resetOnDone: true,
  });
  return (
    <form {...formProps} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <TextField
          {...field('email')}
          label="Email"
          type="email"
          autoComplete="off"
          showsError
          clearsErrorOnEdit
        />
        <FormSelect {...field('role')} label="Role" placeholder="Role" options={ROLE_OPTIONS} />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel="Sending" className="">
          Send invitation
        </SubmitButton>
        <Button
          variant="outline"
          disabled={linkSubmit.pending}
          onClick={() => {
            const role: BookRole = form.getValues<'role'>('role') as BookRole;
            void linkSubmit
              .submit({
                ...keyedRequest({ role }, create.mutateAsync),
                success: 'Invitation link created',
                failure: 'Failed to create invitation link',
              })
              .then((outcome) => outcome && onLink(outcome.answer.link));
          }}
        >
          Create link
        </Button>
      </div>
    </form>
  );
}

/** The link just made: shown only now (the server keeps only its hash), with a copy button. */
function CreatedLink({ link }: { link: string }) {
  const id = useId();
  return (
    <div className="space-y-2 rounded-md border border-border p-3">
      <Label htmlFor={id}>Invitation link</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => toast.success('Link copied'),
              () => toast.error('Could not copy: select the link and copy it'),
            )
          }
        >
          Copy
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Share it with the person you invite: it is shown only now.
      </p>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  const { submit, pending } = useSubmit();
  const [withdrawing, setWithdrawing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const who = invitation.email ?? 'Anyone with the link';
  return (
    <tr>
      <td className={`${CELL} break-all`}>{who}</td>
      <td className={CELL}>{ROLE_LABELS[invitation.role]}</td>
      <td className={CELL}>{STATE_LABELS[invitation.state]}</td>
      <td className={`${CELL} whitespace-nowrap`}>{formatDate(invitation.expiresAt)}</td>
      <td className={CELL}>
        {invitation.state === 'open' && (
          <>
            <Button
              ref={button}
              variant="outline"
              size="sm"
              aria-label={`Withdraw the invitation of ${who}`}
              onClick={() => setWithdrawing(true)}
            >
              Withdraw
            </Button>
            <ConfirmDialog
              open={withdrawing}
              onOpenChange={setWithdrawing}
              title="Withdraw invitation?"
              description="Its link will no longer work."
              confirmLabel="Withdraw"
              pending={pending}
              returnFocusTo={button}
              onConfirm={() =>
                void submit({
                  ...keyedRequest({ id: invitation.id }, revoke.mutateAsync),
                  success: 'Invitation withdrawn',
                  failure: 'Failed to withdraw invitation',
                }).then((outcome) => outcome && setWithdrawing(false))
              }
            />
          </>
        )}
      </td>
    </tr>
  );
}

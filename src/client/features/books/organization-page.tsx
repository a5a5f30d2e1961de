import { useRef, useState } from 'react';
import { z } from 'zod';
import {
  BOOK_ROLES,
  bookNameSchema,
  type Book,
  type BookRole,
} from '../../../shared/schemas/book.js';
import type { Member } from '../../../shared/schemas/sharing.js';
import { BOOK_NAME_MAX } from '../../../shared/limits.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { NativeSelect } from '../../components/ui/select.js';
import { CELL, Table } from '../../components/ui/table.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { useBook, useUpdateBook } from '../../lib/book.js';
import { formatDate } from '../../lib/format.js';
import { trpc } from '../../lib/trpc.js';
import { ROLE_LABELS, useMembers, useRemoveMember, useUpdateMember } from './api.js';
import { InvitationsCard } from './invitations-card.js';
import { BookDangerZone } from './book-danger-zone.js';
import { ActivityCard } from './activity-card.js';

/**
 * /organization (docs/sharing.md): the current book, its members and their roles, the
 * invitations that bring people in, what the members changed (the activity), and leaving or
 * deleting the book. Owners change all of it; editors and viewers see the members and the activity.
 */
export function OrganizationPage() {
  const book = useBook();
  return (
    <section aria-labelledby="organization-heading" className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 id="organization-heading" className="text-2xl font-bold">
          Organization
        </h1>
        <p className="text-sm text-muted-foreground">
          Who shares this book, and what each of them may do.
        </p>
      </div>
      {book.isError ? (
        <QueryError query={book} fallback="Failed to load this book" />
      ) : !book.data ? (
        <PageSpinner />
      ) : (
        <>
          <BookNameCard book={book.data} />
          <MembersCard book={book.data} />
          {book.data.role === 'owner' && <InvitationsCard />}
          <ActivityCard />
          <BookDangerZone book={book.data} />
        </>
      )}
    </section>
  );
}

function BookNameCard({ book }: { book: Book }) {
  const owner = book.role === 'owner';
  return (
    <Card className="space-y-3">
      <CardTitle>Book</CardTitle>
      {owner ? (
        <RenameBookForm book={book} />
      ) : (
        <p className="text-sm">
          <span className="font-medium break-words">{book.name}</span>
          {book.personal ? ' (your personal book)' : ''}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        You are {roleWithArticle(book.role)} of this book
        {book.personal ? ', your personal book' : ''}.
      </p>
    </Card>
  );
}

const ROLE_WITH_ARTICLE: Record<BookRole, string> = {
  owner: 'an owner',
  editor: 'an editor',
  viewer: 'a viewer',
};
const roleWithArticle = (role: BookRole) => ROLE_WITH_ARTICLE[role];

function RenameBookForm({ book }: { book: Book }) {
  const update = useUpdateBook();
  const utils = trpc.useUtils();
  const { field, formProps, pending } = useAppForm({
    check: { schema: z.object({ name: bookNameSchema }) },
    defaultValues: { name: book.name },
    request: ({ name }) =>
      name === book.name ? { unchanged: true } : keyedRequest({ name }, update.mutateAsync),
    success: 'Book renamed',
    failure: 'Failed to rename book',
    onDone: () => void utils.book.list.invalidate(),
  });
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <TextField {...field('name')} label="Name" showsError maxLength={BOOK_NAME_MAX} />
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving" className="">
        Rename
      </SubmitButton>
    </form>
  );
}

const ROLE_OPTIONS = BOOK_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function MembersCard({ book }: { book: Book }) {
  const members = useMembers();
  const owner = book.role === 'owner';
  return (
    <Card id="members" className="space-y-3">
      <CardTitle>Members</CardTitle>
      <p className="text-sm text-muted-foreground">
        Owners may do everything, members and invitations included; editors record and change
        entries, accounts, categories, rules and rates; viewers read and export.
        {owner && ' To hand the book over, make another member an owner.'}
      </p>
      {members.isError ? (
        <QueryError query={members} fallback="Failed to load the members" />
      ) : !members.data ? (
        <PageSpinner />
      ) : (
        <Table
          caption="Members of this book"
          columns={[
            { label: 'Member' },
            { label: 'Role' },
            { label: 'Joined' },
            ...(owner ? [{ label: 'Actions' }] : []),
          ]}
        >
          {members.data.map((member) => (
            <MemberRow key={member.userId} member={member} owner={owner} />
          ))}
        </Table>
      )}
    </Card>
  );
}

function MemberRow({ member, owner }: { member: Member; owner: boolean }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const { submit, pending } = useSubmit();
  const [removing, setRemoving] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  // The personal book's owner stays its owner; nobody changes or removes them.
  const editable = owner && !member.personalOwner;
  const label = `Role of ${member.email}`;
  return (
    <tr>
      <td className={`${CELL} break-all`}>
        {member.email}
        {member.you && <span className="text-muted-foreground"> (you)</span>}
      </td>
      <td className={CELL}>
        {editable ? (
          <NativeSelect
            ariaLabel={label}
            value={member.role}
            className="w-32"
            onChange={(role) =>
              void submit({
                ...keyedRequest({ id: member.userId, role: role as BookRole }, update.mutateAsync),
                success: `${member.email} is now ${roleWithArticle(role as BookRole)}`,
                failure: 'Failed to change role',
              })
            }
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        ) : (
          ROLE_LABELS[member.role]
        )}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>{formatDate(member.joinedAt)}</td>
      {owner && (
        <td className={CELL}>
          {editable && !member.you && (
            <Button
              ref={removeButton}
              variant="outline"
              size="sm"
              aria-label={`Remove ${member.email}`}
              onClick={() => setRemoving(true)}
            >
              Remove
            </Button>
          )}
          <ConfirmDialog
            open={removing}
            onOpenChange={setRemoving}
            title="Remove member?"
            description={`${member.email} will no longer see or change this book. Their own book is not touched.`}
            confirmLabel="Remove"
            pending={pending}
            returnFocusTo={removeButton}
            onConfirm={() =>
              void submit({
                ...keyedRequest({ id: member.userId }, remove.mutateAsync),
                success: 'Member removed',
                failure: 'Failed to remove member',
              }).then((outcome) => outcome && setRemoving(false))
            }
          />
        </td>
      )}
    </tr>
  );
}

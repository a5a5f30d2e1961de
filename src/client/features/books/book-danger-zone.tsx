import { useRef, useState, type RefObject } from 'react';
import { z } from 'zod';
import type { Book } from '../../../shared/schemas/book.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { useDeleteBook, useLeaveBook } from './api.js';
import { useBackToPersonalBook } from './use-switch-book.js';

/** Leaving the book (any member) and deleting it (owners); neither for the personal book. */
export function BookDangerZone({ book }: { book: Book }) {
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const leaveButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const leave = useLeaveBook();
  const { submit, pending } = useSubmit();
  const back = useBackToPersonalBook();
  if (book.personal) {
    return (
      <Card className="space-y-2">
        <CardTitle>Leave or delete</CardTitle>
        <p className="text-sm text-muted-foreground">
          This is your personal book: it stays yours, and it cannot be left or deleted. Create
          another book from the book menu in the header to share one.
        </p>
      </Card>
    );
  }
  return (
    <Card className="space-y-4">
      <CardTitle>Leave or delete</CardTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-muted-foreground">
          Leave this book: you will no longer see it. Its other members keep it.
        </p>
        <Button ref={leaveButton} variant="outline" onClick={() => setLeaving(true)}>
          Leave this book
        </Button>
      </div>
      {book.role === 'owner' && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-muted-foreground">
            Delete this book: its accounts, categories and entries go for everyone.
          </p>
          <Button ref={deleteButton} variant="destructive" onClick={() => setDeleting(true)}>
            Delete this book
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave this book?"
        description={`You will no longer see “${book.name}”. To come back, an owner must invite you again.`}
        confirmLabel="Leave"
        pending={pending}
        returnFocusTo={leaveButton}
        onConfirm={() =>
          void submit({
            ...keyedRequest({ id: book.id }, leave.mutateAsync),
            failure: 'Failed to leave the book',
          }).then((outcome) => outcome && back(`You left “${book.name}”`))
        }
      />
      {book.role === 'owner' && (
        <DeleteBookDialog
          book={book}
          open={deleting}
          onOpenChange={setDeleting}
          returnFocusTo={deleteButton}
          onDeleted={() => void back(`“${book.name}” deleted`)}
        />
      )}
    </Card>
  );
}

/** Deleting a book is confirmed by typing its name. */
function DeleteBookDialog(props: {
  book: Book;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  onDeleted: () => void;
}) {
  const remove = useDeleteBook();
  const { name, id } = props.book;
  const { field, formProps, pending } = useAppForm({
    check: {
      schema: z.object({
        confirmation: z
          .string()
          .refine((typed) => typed.trim() === name, { error: 'Type the name of the book exactly' }),
      }),
    },
    defaultValues: { confirmation: '' },
    request: () => keyedRequest({ id }, remove.mutateAsync),
    failure: 'Failed to delete the book',
    onDone: () => {
      props.onOpenChange(false);
      props.onDeleted();
    },
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Delete this book?"
      description={`Its accounts, categories and entries are deleted for every member. This cannot be undone. Type “${name}” to confirm.`}
      returnFocusTo={props.returnFocusTo}
    >
      <form {...formProps}>
        <TextField
          {...field('confirmation')}
          label="Name of the book"
          autoComplete="off"
          autoFocus
          showsError
        />
        <SubmitButton pending={pending} pendingLabel="Deleting">
          Delete book
        </SubmitButton>
      </form>
    </Dialog>
  );
}

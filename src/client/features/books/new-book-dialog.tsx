import type { RefObject } from 'react';
import { z } from 'zod';
import { bookNameSchema } from '../../../shared/schemas/book.js';
import { BOOK_NAME_MAX } from '../../../shared/limits.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { deviceTimeZone } from '../../lib/book.js';
import { useCreateBook } from './api.js';
import { useSwitchBook } from './use-switch-book.js';

/** "New book…": a name, then the new book (with this device's time zone) opens in the tab. */
export function NewBookDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const create = useCreateBook();
  const switchBook = useSwitchBook();
  const { field, formProps, pending } = useAppForm({
    check: { schema: z.object({ name: bookNameSchema }) },
    defaultValues: { name: '' },
    request: ({ name }) => keyedRequest({ name, timeZone: deviceTimeZone() }, create.mutateAsync),
    success: 'Book created',
    failure: 'Failed to create book',
    resetOnDone: true,
    onDone: (book) => {
      props.onOpenChange(false);
      void switchBook(book);
    },
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="New book"
      description="A book of its own accounts, categories and entries, which you can share."
      returnFocusTo={props.returnFocusTo}
    >
      <form {...formProps}>
        <TextField {...field('name')} label="Name" autoFocus showsError maxLength={BOOK_NAME_MAX} />
        <SubmitButton pending={pending} pendingLabel="Creating">
          Create book
        </SubmitButton>
      </form>
    </Dialog>
  );
}

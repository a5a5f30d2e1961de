import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';
import { useReturnFocus } from './return-focus.js';
import { DIALOG_FRAME } from './dialog-frame.js';

/** A yes/no question that must be answered (Radix AlertDialog): Cancel, or the action. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The control to focus on close, when it is not the one focused on open (a menu's button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(props.open, props.returnFocusTo);
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className={DIALOG_FRAME} onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="text-lg font-semibold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            {props.description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={props.pending}
              onClick={(event) => {
                event.preventDefault();
                props.onConfirm();
              }}
            >
              {props.pending && <Spinner className="h-4 w-4" label="Please wait" />}
              {props.confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

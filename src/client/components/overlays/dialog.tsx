import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useReturnFocus } from './return-focus.js';
import { DIALOG_FRAME } from './dialog-frame.js';

/**
 * An accessible modal (focus trap, Escape, labelled by its title) from Radix. On close, focus
 * returns to the control that opened it (see return-focus.ts).
 */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** The control to focus on close, when it is not the one focused on open (a menu's button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(props.open, props.returnFocusTo);
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className={DIALOG_FRAME}
          onCloseAutoFocus={returnFocus}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">
            {props.title}
          </DialogPrimitive.Title>
          {props.description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
              {props.description}
            </DialogPrimitive.Description>
          )}
          <div className="mt-4">{props.children}</div>
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-md p-1 hover:bg-muted"
            aria-label="Close"
          >
            <X className="h-4 w-4" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

import type { ComponentType, RefObject } from 'react';

/**
 * A dialog that a screen opens and closes but does not own (the logout confirmation): the route
 * that composes the screen hands it in, so shared code need not import the feature behind it.
 */
export type DialogComponent = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused when the dialog closes, when it is not what had focus as it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}>;

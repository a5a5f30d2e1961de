import type { ReactNode } from 'react';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';

/** A form's submit button: disabled while its submission runs, with a spinner that says so. */
export function SubmitButton(props: {
  pending: boolean;
  /** What the spinner tells a screen reader ("Saving", "Processing"...); no spinner without. */
  pendingLabel?: string;
  disabled?: boolean;
  className?: string;
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      size={props.size}
      className={props.className ?? 'w-full'}
      disabled={props.pending || props.disabled}
    >
      {props.pending && props.pendingLabel && (
        <Spinner className="h-4 w-4" label={props.pendingLabel} />
      )}
      {props.children}
    </Button>
  );
}

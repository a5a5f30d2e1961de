import { useId } from 'react';
import { Input } from '../ui/input.js';
import { Label } from '../ui/label.js';
import type { AmountField } from './use-amount-field.js';
import { FieldError } from './field-error.js';

/** A labelled amount field that only takes non-negative decimal text, with its error message. */
export function AmountInput({
  field,
  disabled,
  autoFocus,
}: {
  field: AmountField;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Amount</Label>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={field.text}
        onChange={(event) => field.change(event.target.value)}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={field.showError || undefined}
        aria-describedby={field.showError ? errorId : undefined}
      />
      <FieldError id={errorId} message={field.showError ? field.error : null} />
    </div>
  );
}

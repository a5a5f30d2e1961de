import { useId } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { readAmount, recordsText, useLocaleMarks } from './typed-amounts.js';
import { Input } from '../ui/input.js';
import { Label } from '../ui/label.js';
import { FieldError } from './field-error.js';

/**
 * A labelled amount field. Every character typed stays in it (none is filtered out), it is read
 * in the person's locale, and what it will record shows under it ("Records $12.50") so a
 * misread can be seen before it is saved. Once changed (or after a submit) its problem shows and
 * follows each keystroke, from the form's own check of the field (amount-text.ts).
 */
export function AmountInput<Values extends FieldValues>({
  form,
  name,
  disabled,
  autoFocus,
  label = 'Amount',
  hint,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  disabled?: boolean;
  autoFocus?: boolean;
  /** "Amount" unless the form names it otherwise (an account's credit limit, its opening balance). */
  label?: string;
  /** A line under the label saying what the amount means. */
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const recordsId = `${id}-records`;
  const hintId = `${id}-hint`;
  const { field, fieldState } = useController({ control: form.control, name });
  const { ref, onBlur } = field;
  const text: string = field.value;
  const error = fieldState.error?.message;
  // Subscribed so the field is read again when the person's locale arrives or changes.
  const marks = useLocaleMarks();
  const read = readAmount(text);
  const records = !error && read.kind === 'cents' && read.cents > 0n ? recordsText(read.cents) : '';
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <Input
        id={id}
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`0${marks.decimal}00`}
        value={text}
        onChange={(event) => {
          field.onChange(event.target.value);
          void form.trigger(name);
        }}
        onBlur={onBlur}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? errorId : records ? recordsId : undefined, hint ? hintId : undefined]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      {records && (
        <p id={recordsId} data-testid="amount-records" className="text-sm text-muted-foreground">
          {records}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

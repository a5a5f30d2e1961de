import { useEffect, useId } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import { amountPlaceholder, readMoney, recordsMoneyText, useLocaleMarks } from './typed-amounts.js';
import { Input } from '../ui/input.js';
import { Label } from '../ui/label.js';
import { FieldError } from './field-error.js';

/**
 * A labelled amount field. Every character typed stays in it (none is filtered out), it is read
 * in the person's locale with the decimals of its currency (the account's), and what it will
 * record shows under it ("Records $12.50", "Records 1,500 JPY") so a misread can be seen before
 * it is saved. Once changed (or after a submit) its problem shows and
 * follows each keystroke, from the form's own check of the field (amount-text.ts).
 */
export function AmountInput<Values extends FieldValues>({
  form,
  name,
  disabled,
  autoFocus,
  label = 'Amount',
  hint,
  currency = USD,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  disabled?: boolean;
  autoFocus?: boolean;
  /** "Amount" unless the form names it otherwise (an account's credit limit, its opening balance). */
  label?: string;
  /** A line under the label saying what the amount means. */
  hint?: string;
  /** The currency the amount is in (its account's); USD unless given. */
  currency?: DisplayCurrency;
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
  // Another currency (another account chosen) reads what was typed again, with its decimals.
  const { isDirty } = fieldState;
  useEffect(() => {
    if (isDirty) void form.trigger(name);
  }, [currency.code, currency.exponent, isDirty, form, name]);
  const read = readMoney(text, currency);
  const records =
    !error && read.kind === 'minorUnits' && read.minorUnits > 0n
      ? recordsMoneyText(read.minorUnits, currency)
      : '';
  return (
    <div className="space-y-2">
      {/* The currency is named when it is not the dollar every amount was before currencies. */}
      <Label htmlFor={id}>
        {currency.code === USD.code ? label : `${label} (${currency.code})`}
      </Label>
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
        placeholder={amountPlaceholder(marks, currency)}
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

import { useId } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { AMOUNT_INPUT_PATTERN } from '../../../shared/validation.js';
import { Input } from '../ui/input.js';
import { Label } from '../ui/label.js';
import { FieldError } from './field-error.js';

/**
 * A labelled amount field that only takes non-negative decimal text, with its error message.
 * The text is kept exactly as typed; once it is changed (or after a submit) its problem shows
 * and follows each keystroke, from the form's own check of the field (amount-text.ts).
 */
export function AmountInput<Values extends FieldValues>({
  form,
  name,
  disabled,
  autoFocus,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { field, fieldState } = useController({ control: form.control, name });
  const { ref, onBlur } = field;
  const text: string = field.value;
  const error = fieldState.error?.message;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Amount</Label>
      <Input
        id={id}
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={text}
        onChange={(event) => {
          // Other keystrokes are ignored: only what AMOUNT_INPUT_PATTERN allows gets in.
          if (!AMOUNT_INPUT_PATTERN.test(event.target.value)) return;
          field.onChange(event.target.value);
          void form.trigger(name);
        }}
        onBlur={onBlur}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

import type { InputHTMLAttributes } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Input, Textarea } from '../ui/input.js';
import { Label } from '../ui/label.js';
import { FieldError } from './field-error.js';

type Shown = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'placeholder' | 'maxLength' | 'autoFocus' | 'autoComplete' | 'required' | 'list'
>;

/**
 * A labelled text field of a form (a textarea with `multiline`). With `showsError` its message
 * stands under it, and the field points to it (aria-invalid, aria-describedby) while it has one.
 */
export function TextField<Values extends FieldValues>(
  props: Shown & {
    form: UseFormReturn<Values, unknown, unknown>;
    name: Path<Values>;
    id: string;
    label: string;
    multiline?: boolean;
    showsError?: boolean;
    /** Its message goes once it is edited (it comes back on the next submit if still wrong). */
    clearsErrorOnEdit?: boolean;
    /** A hint under the field, which it is described by. */
    hint?: string;
    inputClassName?: string;
  },
) {
  const {
    form,
    name,
    id,
    label,
    multiline,
    showsError,
    clearsErrorOnEdit,
    hint,
    inputClassName,
    ...shown
  } = props;
  const error = showsError ? form.formState.errors[name]?.message : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const field = {
    id,
    className: inputClassName,
    ...shown,
    ...form.register(name, clearsErrorOnEdit ? { onChange: () => form.clearErrors(name) } : {}),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea {...field} /> : <Input {...field} />}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {showsError && <FieldError id={errorId} message={error as string | undefined} />}
    </div>
  );
}

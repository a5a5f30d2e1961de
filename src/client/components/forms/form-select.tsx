import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { SelectOption } from '../ui/select.js';
import { SelectField } from './select-field.js';

/**
 * A labelled select bound to a form field. A value that is not among `options` (a remembered
 * account since deleted) shows as `fallback` (the placeholder when undefined).
 */
export function FormSelect<Values extends FieldValues>(props: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  id: string;
  label: string;
  placeholder: string;
  options: SelectOption[];
  fallback?: string;
  /** Runs after the field takes a chosen value (another field may follow it). */
  onValueChange?: (value: string) => void;
}) {
  const { field } = useController({ control: props.form.control, name: props.name });
  const value = field.value as string | undefined;
  const shown = props.options.some((option) => option.value === value) ? value : props.fallback;
  return (
    <SelectField
      id={props.id}
      label={props.label}
      placeholder={props.placeholder}
      value={shown}
      onValueChange={(value: string) => {
        field.onChange(value);
        props.onValueChange?.(value);
      }}
      options={props.options}
    />
  );
}

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import { TextField } from './text-field.js';

/** A money form's description: a textarea (one line with `singleLine`), as long as the server keeps. */
export function DescriptionField<Values extends FieldValues>(props: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  id: string;
  placeholder: string;
  label?: string;
  singleLine?: boolean;
  showsError?: boolean;
  clearsErrorOnEdit?: boolean;
}) {
  const { singleLine, label, ...field } = props;
  return (
    <TextField
      {...field}
      label={label ?? 'Description'}
      multiline={!singleLine}
      maxLength={DESCRIPTION_MAX}
    />
  );
}

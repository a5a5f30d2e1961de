import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input } from '../ui/input.js';
import { Label } from '../ui/label.js';

/**
 * The email field of the sign-in forms: labelled "Email", the browser's email autocomplete.
 * `invalid` is always said (aria-invalid="false" too); the message is the caller's, pointed to
 * by `errorId` while there is one (`children` go under the field, inside its group).
 */
export function EmailField(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
    id: string;
    invalid: boolean;
    errorId: string;
    children?: ReactNode;
  },
) {
  const { invalid, errorId, children, ...input } = props;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>Email</Label>
      <Input
        type="email"
        required
        autoComplete="email"
        placeholder="m@example.com"
        {...input}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
      />
      {children}
    </div>
  );
}

import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';

/** The email field of both key-login screens, with its inline error announced to screen readers. */
export function KeyEmailField(props: {
  id: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>Email</Label>
      <Input
        id={props.id}
        type="email"
        required
        autoComplete="email"
        placeholder="m@example.com"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * A field's problem, under the field (which points to it with aria-describedby). Always in the
 * page, empty when there is nothing to say, so screen readers announce a message as it appears.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return (
    <p id={id} aria-live="polite" className="text-sm text-destructive empty:hidden">
      {message}
    </p>
  );
}

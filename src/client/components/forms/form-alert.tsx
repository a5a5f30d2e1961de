/** A sign-in form's one problem, announced at once (role="alert"); absent while there is none. */
export function FormAlert({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

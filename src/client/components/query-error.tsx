import { Button } from './ui/button.js';
import { serverMessage } from '../lib/api-error.js';

/** A failed load, said plainly, with a way to try again. */
export function QueryError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry(): void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-border p-5 text-sm"
    >
      <p className="text-destructive">{serverMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

import { Button } from '../ui/button.js';
import { SERVER_UNREACHABLE, isNetworkError, serverMessage } from '../../lib/api-error.js';

/** The part of a failed query this needs: its error, and a way to run it again. */
interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A failed load, said plainly, with a way to try again. The screen also retries by itself when
 * the server is back (lib/query-client.ts), so Retry is for the impatient.
 */
export function QueryError({ query, fallback }: { query: FailedQuery; fallback: string }) {
  const unreachable = isNetworkError(query.error);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-border p-5 text-sm"
    >
      <p className="text-destructive">
        {serverMessage(query.error, fallback)}
        {unreachable && ` ${SERVER_UNREACHABLE}`}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Retry
      </Button>
    </div>
  );
}

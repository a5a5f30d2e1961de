import { WifiOff } from 'lucide-react';
import { useServerReachable } from '../../lib/server-status.js';

/** A small notice at the top of every screen while the server does not answer. */
export function ServerStatusBanner() {
  const reachable = useServerReachable();
  return (
    <div role="status" aria-live="polite">
      {!reachable && (
        <p className="fixed top-2 left-1/2 z-[60] flex max-w-[calc(100%-1rem)] -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm font-medium shadow-lg">
          <WifiOff className="h-4 w-4 shrink-0 text-destructive" aria-hidden />
          Server unreachable. Trying to reconnect…
        </p>
      )}
    </div>
  );
}

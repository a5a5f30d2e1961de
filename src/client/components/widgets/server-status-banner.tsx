import { WifiOff } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useServerReachable } from '../../lib/server-status.js';

/** Read by every dialog's frame (components/overlays/dialog-frame.ts); unset, 0. */
const STATUS_SPACE_VAR = '--status-space';

/**
 * A small notice at the top of every screen while the server does not answer. While it shows,
 * it tells dialogs how far down it reaches (STATUS_SPACE_VAR), and they keep below it: a
 * dialog's title is never under the notice, at any width or height (docs/client.md#offline).
 */
export function ServerStatusBanner() {
  const reachable = useServerReachable();
  const pill = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = pill.current;
    const root = document.documentElement;
    if (!element) return;
    // Its height changes when its words wrap (a narrow screen, a larger font).
    const reserve = () =>
      root.style.setProperty(
        STATUS_SPACE_VAR,
        `${Math.ceil(element.getBoundingClientRect().bottom)}px`,
      );
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(STATUS_SPACE_VAR);
    };
  }, [reachable]);
  return (
    <div role="status" aria-live="polite">
      {!reachable && (
        <p
          ref={pill}
          data-testid="server-status-pill"
          className="fixed top-2 left-1/2 z-[60] flex max-w-[calc(100%-1rem)] -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm font-medium shadow-lg"
        >
          <WifiOff className="h-4 w-4 shrink-0 text-destructive" aria-hidden />
          Server unreachable. Trying to reconnect…
        </p>
      )}
    </div>
  );
}

/**
 * The box of every dialog: centred in the room below the status notice
 * (`--status-space`: how far down it reaches, set by widgets/server-status-banner.tsx; unset, 0) and never taller than
 * that room less 1rem each side, so its top (and title) is at least 1rem below the notice; it
 * scrolls inside when its content is taller (docs/client.md#offline).
 */
export const DIALOG_FRAME =
  'fixed top-[calc(50%+var(--status-space,0px)/2)] left-1/2 z-50 max-h-[calc(100dvh-2rem-var(--status-space,0px))] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg';

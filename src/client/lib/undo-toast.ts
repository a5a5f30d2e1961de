import { toast } from 'sonner';
import { failureToast } from './api-error.js';

/** How long the Undo button stays offered: longer than the default 4 s, to be reachable. */
const UNDO_WINDOW_MS = 10_000;

/**
 * A success toast whose Undo button asks the server to undo what was just done: a recorded change
 * (POST /api/changes/{id}/undo), or an import's revert (POST /api/imports/{id}/undo-revert). A refusal ("Already undone", a balance that no longer
 * allows it...) shows the server's own message.
 */
export function toastWithUndo(
  message: string,
  changeId: string,
  undo: (changeId: string) => Promise<void>,
  /** A second button, e.g. "Create rule" after a re-categorisation (features/transactions/use-rule-offer.ts). */
  second?: { label: string; onClick: () => void },
): void {
  toast.success(message, {
    duration: UNDO_WINDOW_MS,
    ...(second && { cancel: second }),
    action: {
      label: 'Undo',
      onClick: () => {
        undo(changeId).then(
          () => toast.success('Change undone'),
          (error: unknown) => {
            const failure = failureToast(error, 'Could not undo the change');
            toast.error(failure.message, { description: failure.description });
          },
        );
      },
    },
  });
}

import { toast, type ExternalToast } from 'sonner';
import { failureToast } from './api-error.js';

/**
 * Toasts about the screen in front of the person (a form's refusal, "No changes to update."):
 * they are dismissed when the person moves to another screen, where they would make no sense.
 * Outcomes that outlive the screen ("Account deleted successfully", which comes with a move to
 * the list) use sonner's `toast` directly.
 */
const shown = new Set<string | number>();

function track(id: string | number): string | number {
  shown.add(id);
  return id;
}

export const screenToast = {
  error: (message: string, data?: ExternalToast) => track(toast.error(message, data)),
  info: (message: string, data?: ExternalToast) => track(toast.info(message, data)),
};

/** A failed call told on the screen: the server's reason, or `fallback` (docs/errors.md). */
export function showFailure(error: unknown, fallback: string): void {
  const failure = failureToast(error, fallback);
  screenToast.error(failure.message, { description: failure.description });
}

/** Called on every change of screen (components/layout/navigation-effects.tsx). */
export function dismissScreenToasts(): void {
  for (const id of shown) toast.dismiss(id);
  shown.clear();
}

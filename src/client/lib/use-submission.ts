import { useRef, useState } from 'react';
import { isNetworkError } from './api-error.js';
import { newIdempotencyKey } from './idempotency-key.js';

/**
 * One request per intent, for a form that creates or changes something.
 *
 * - `pending` turns true in the same event as the first click or Enter, so the submit button is
 *   disabled before a second click can land, and a second submit while one runs is ignored
 *   (React Query's own pending flag arrives a tick later, too late for a double click).
 * - `run` hands the task an Idempotency-Key made for this submission. When the request got no
 *   answer (network error), the server may still have applied it: submitting the same values
 *   again sends the same key, so the server replays its first outcome instead of applying it
 *   twice. Any answer, or different values, starts a new key.
 */
export function useSubmission() {
  const running = useRef(false);
  const unanswered = useRef<{ fingerprint: string; key: string } | null>(null);
  const [pending, setPending] = useState(false);

  /**
   * Runs `task` unless a submission is already running. Resolves true when it ran and
   * succeeded, false when it was ignored; rejects with the task's error.
   */
  async function run(payload: unknown, task: (idempotencyKey: string) => Promise<unknown>) {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    const fingerprint = JSON.stringify(payload) ?? '';
    const previous = unanswered.current;
    const key = previous?.fingerprint === fingerprint ? previous.key : newIdempotencyKey();
    unanswered.current = { fingerprint, key };
    try {
      await task(key);
      unanswered.current = null;
      return true;
    } catch (error) {
      if (!isNetworkError(error)) unanswered.current = null;
      throw error;
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return { pending, run };
}

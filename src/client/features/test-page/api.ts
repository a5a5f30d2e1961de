import { trpc } from '../../lib/trpc.js';

/** POST /api/test/new: a signed-in call that changes nothing, to check the session by hand. */
export function useApiTest(callbacks: {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}) {
  return trpc.system.testNew.useMutation(callbacks);
}

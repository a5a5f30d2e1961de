import { toast } from 'sonner';
import { SERVER_UNREACHABLE, httpStatusOf } from '../../../lib/api-error.js';
import { screenToast } from '../../../lib/screen-toast.js';
import { useSubmission } from '../../../lib/use-submission.js';
import { useEndSession } from '../session-api.js';
import { useAuthStore } from '../auth-store.js';

/**
 * Signs out everywhere (see useEndSession), then clears the token: the guard then sends the
 * person to /login.
 */
export function useLogout() {
  const endSession = useEndSession();
  const clearToken = useAuthStore((state) => state.logout);
  const submission = useSubmission();

  async function logout(): Promise<boolean> {
    try {
      if (!(await submission.run('logout', () => endSession.mutateAsync()))) return false;
    } catch (error) {
      screenToast.error('Logout failed. Please try again.', {
        description: httpStatusOf(error) === undefined ? SERVER_UNREACHABLE : undefined,
      });
      return false;
    }
    clearToken();
    toast.success('Logged out successfully.');
    return true;
  }
  return { logout, pending: submission.pending };
}

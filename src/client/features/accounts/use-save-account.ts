import { toast } from 'sonner';
import type { Account, AccountFields } from '../../../shared/schemas/account.js';
import { failureToast } from '../../lib/api-error.js';
import { screenToast } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useCreateAccount, useUpdateAccount } from './api.js';

/**
 * Creates (no account given) or updates an account and toasts the outcome. One request per
 * intent: `pending` is true from the first click, and the request (a new account or an edit)
 * carries its submission's Idempotency-Key (lib/use-submission.ts).
 */
export function useSaveAccount(account: Account | undefined) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const submission = useSubmission();

  async function save(fields: AccountFields): Promise<boolean> {
    try {
      const done = await submission.run(fields, (idempotencyKey) =>
        account
          ? update.mutateAsync({ id: account.id, ...fields, idempotencyKey })
          : create.mutateAsync({ ...fields, idempotencyKey }),
      );
      if (!done) return false;
      toast.success(account ? 'Account updated successfully' : 'Account added successfully');
      return true;
    } catch (error) {
      const failure = failureToast(
        error,
        account ? 'Failed to update account' : 'Failed to add account',
      );
      screenToast.error(failure.message, { description: failure.description });
      return false;
    }
  }

  return { save, pending: submission.pending };
}

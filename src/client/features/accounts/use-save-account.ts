import { toast } from 'sonner';
import type { Account, AccountFields } from '../../../shared/schemas/account.js';
import { serverMessage } from '../../lib/api-error.js';
import { trpc } from '../../lib/trpc.js';

/** Creates (no account given) or updates an account; toasts the outcome and refreshes caches. */
export function useSaveAccount(account: Account | undefined) {
  const utils = trpc.useUtils();
  const create = trpc.account.create.useMutation();
  const update = trpc.account.update.useMutation();

  async function save(fields: AccountFields): Promise<boolean> {
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, ...fields });
        toast.success('Account updated successfully');
        void utils.account.get.invalidate({ id: account.id });
      } else {
        await create.mutateAsync(fields);
        toast.success('Account added successfully');
      }
      void utils.account.list.invalidate();
      return true;
    } catch (error) {
      toast.error(
        serverMessage(error, account ? 'Failed to update account' : 'Failed to add account'),
      );
      return false;
    }
  }

  return { save, pending: create.isPending || update.isPending };
}

import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { useOpenEntryForm } from '../../stores/entry-form-store.js';

/**
 * Deposit and Withdraw buttons for one account, each opening the one entry form
 * (docs/client.md#one-entry-form) as the spec's "Deposit Funds" or "Withdraw Funds" dialog, the
 * account shown rather than chosen.
 */
export function MoneyButtons({ account, size = 'sm' }: { account: Account; size?: 'sm' | 'md' }) {
  const open = useOpenEntryForm();
  const start = (type: 'deposit' | 'withdraw') =>
    open({ type, accountId: account.id, lockAccount: true });
  return (
    <>
      <Button
        variant="outline"
        size={size}
        aria-label={`Deposit to ${account.title}`}
        onClick={() => start('deposit')}
      >
        <ArrowDownToLine className="h-4 w-4 shrink-0" aria-hidden />
        Deposit
      </Button>
      <Button
        variant="outline"
        size={size}
        aria-label={`Withdraw from ${account.title}`}
        onClick={() => start('withdraw')}
      >
        <ArrowUpFromLine className="h-4 w-4 shrink-0" aria-hidden />
        Withdraw
      </Button>
    </>
  );
}

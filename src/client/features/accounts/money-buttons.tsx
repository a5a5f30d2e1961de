import { useState } from 'react';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { MoneyMovementDialog } from './money-movement-dialog.js';

/** Deposit and Withdraw buttons for one account, each opening its dialog. */
export function MoneyButtons({ account, size = 'sm' }: { account: Account; size?: 'sm' | 'md' }) {
  const [dialog, setDialog] = useState<'deposit' | 'withdraw' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        aria-label={`Deposit to ${account.title}`}
        onClick={() => setDialog('deposit')}
      >
        <ArrowDownToLine className="h-4 w-4 shrink-0" aria-hidden />
        Deposit
      </Button>
      <Button
        variant="outline"
        size={size}
        aria-label={`Withdraw from ${account.title}`}
        onClick={() => setDialog('withdraw')}
      >
        <ArrowUpFromLine className="h-4 w-4 shrink-0" aria-hidden />
        Withdraw
      </Button>
      <MoneyMovementDialog
        kind="deposit"
        account={account}
        open={dialog === 'deposit'}
        onOpenChange={close}
      />
      <MoneyMovementDialog
        kind="withdraw"
        account={account}
        open={dialog === 'withdraw'}
        onOpenChange={close}
      />
    </>
  );
}

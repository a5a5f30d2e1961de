import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { MOVEMENT_TEXTS, MoneyMovementForm, type MovementKind } from './money-movement-form.js';

export type { MovementKind } from './money-movement-form.js';

/**
 * Puts money in or takes it out. Closes on success; on failure (for example "Insufficient
 * funds", or no answer from the server) it stays open with what was typed and the reason, so
 * it can be corrected or sent again.
 */
export function MoneyMovementDialog({
  kind,
  account,
  open,
  onOpenChange,
}: {
  kind: MovementKind;
  account: Account;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={MOVEMENT_TEXTS[kind].title}>
      <MoneyMovementForm kind={kind} account={account} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

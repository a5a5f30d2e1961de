import { useRef, useState } from 'react';
import { MoreVertical, Pencil, Star, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/overlays/dropdown-menu.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';
import { AccountFormDialog } from './account-form-dialog.js';
import { DeleteAccountDialog } from './delete-account-dialog.js';

/** Edit, Set as Default and Delete for one account. */
export function AccountActionsMenu({ account }: { account: Account }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const setDefaultAccountId = useDefaultAccountStore((state) => state.setDefaultAccountId);
  const close = (open: boolean) => !open && setDialog(null);
  // The dialogs open from a menu item that is gone by the time they close: focus returns here.
  const trigger = useRef<HTMLButtonElement>(null);

  function makeDefault() {
    setDefaultAccountId(account.id);
    toast.success('Default account set');
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="outline" size="icon" aria-label="Account actions">
            <MoreVertical className="h-4 w-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setDialog('edit')}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={makeDefault}>
            <Star className="h-4 w-4" aria-hidden /> Set as Default
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDialog('delete')}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AccountFormDialog
        account={account}
        open={dialog === 'edit'}
        onOpenChange={close}
        returnFocusTo={trigger}
      />
      <DeleteAccountDialog
        account={account}
        open={dialog === 'delete'}
        onOpenChange={close}
        returnFocusTo={trigger}
      />
    </>
  );
}

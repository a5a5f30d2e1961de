import type { RefObject } from 'react';
import { ConfirmDialog } from '../../../components/overlays/confirm-dialog.js';
import { useLogout } from './use-logout.js';

/** "Are you sure you want to Logout?": Cancel, or Logout (see use-logout.ts). */
export function LogoutDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { logout, pending } = useLogout();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you sure you want to Logout?"
      description="You will be logged out of your account."
      confirmLabel="Logout"
      pending={pending}
      onConfirm={() => void logout().then((done) => done && onOpenChange(false))}
      returnFocusTo={returnFocusTo}
    />
  );
}

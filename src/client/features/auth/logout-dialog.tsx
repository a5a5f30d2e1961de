import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useLogout } from './use-logout.js';

export function LogoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
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
      onConfirm={async () => {
        if (await logout()) onOpenChange(false);
      }}
    />
  );
}

import { CreditCard, Wallet, type LucideIcon } from 'lucide-react';
import { ACCOUNT_ICONS, type AccountIconName } from '../../../shared/limits.js';
import { cn } from '../../lib/cn.js';

const ICONS: Record<AccountIconName, { icon: LucideIcon; label: string }> = {
  wallet: { icon: Wallet, label: 'Wallet' },
  'credit-card': { icon: CreditCard, label: 'Credit card' },
};

/** Choices for the account form's icon selector: the icons the server accepts, in its order. */
export const ACCOUNT_ICON_OPTIONS = ACCOUNT_ICONS.map((value) => ({
  value,
  label: ICONS[value].label,
}));

/** An unknown icon falls back to wallet (docs/product.md#accounts). */
function iconFor(icon: string) {
  return (ACCOUNT_ICONS as readonly string[]).includes(icon)
    ? ICONS[icon as AccountIconName]
    : ICONS.wallet;
}

export function accountIconLabel(icon: string): string {
  return iconFor(icon).label;
}

/** The account's icon on a disc of its color. Decorative: the title says which account it is. */
export function AccountIcon({
  icon,
  color,
  className,
}: {
  icon: string;
  color?: string;
  className?: string;
}) {
  const Icon = iconFor(icon).icon;
  return (
    <span
      aria-hidden
      data-account-icon
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-white',
        className,
      )}
      style={color ? { backgroundColor: color } : undefined}
    >
      <Icon className="h-5 w-5" />
    </span>
  );
}

import { CreditCard, Wallet, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.js';

const ICONS: Record<string, { icon: LucideIcon; label: string }> = {
  wallet: { icon: Wallet, label: 'Wallet' },
  'credit-card': { icon: CreditCard, label: 'Credit card' },
};

/** Choices for the account form's icon selector. */
export const ACCOUNT_ICON_OPTIONS = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'credit-card', label: 'Credit card' },
];

/** Spec: an unknown icon falls back to wallet. */
function iconFor(icon: string) {
  return ICONS[icon] ?? { icon: Wallet, label: 'Wallet' };
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

import type { LucideIcon } from 'lucide-react';

/** The product's name and mark, linking home: the header of the sign-in and key-login screens. */
export function Brand({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <a href="/" className="flex items-center gap-2 font-semibold">
      <span className="flex h-8 w-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      Expense Tracker
    </a>
  );
}

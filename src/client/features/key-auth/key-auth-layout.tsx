import type { ReactNode } from 'react';
import { KeyRound } from 'lucide-react';

/** The key-login screens: a brand header and one centered column, outside the main guards. */
export function KeyAuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col gap-4 p-6 md:p-10">
      <a href="/" className="flex items-center gap-2 font-semibold">
        <span className="flex h-8 w-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <KeyRound className="h-5 w-5" aria-hidden />
        </span>
        Expense Tracker
      </a>
      <main className="flex flex-1 items-center justify-center">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { KeyRound } from 'lucide-react';
import { Brand } from '../../components/widgets/brand.js';

/** The key-login screens: a brand header and one centered column, outside the main guards. */
export function KeyAuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col gap-4 p-6 md:p-10">
      <header>
        <Brand icon={KeyRound} />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}

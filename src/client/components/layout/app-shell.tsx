import { useState, type ReactNode } from 'react';
import { Sidebar } from './sidebar.js';
import { Header } from './header.js';

/** Sidebar always shown on large screens; on small ones a menu button and a backdrop toggle it. */
export function AppShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-screen">
      <Sidebar open={open} onNavigate={() => setOpen(false)} />
      {open && (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden
          className="fixed inset-0 z-30 bg-black/50 lg:hidden"
          onClick={() => setOpen(false)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header menuOpen={open} onMenu={() => setOpen((value) => !value)} />
        <main className="flex-1 p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}

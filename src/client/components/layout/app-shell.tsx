import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DialogComponent } from '../overlays/dialog-component.js';
import { Sidebar } from './sidebar.js';
import { Header } from './header.js';
import type { SignedInProfile } from './profile.js';

const LARGE_SCREEN = '(min-width: 1024px)';

/**
 * Sidebar always shown on large screens; on small ones a menu button and a backdrop toggle it.
 * Opened, it takes focus and Escape closes it (focus back on the menu button); closed, it is out
 * of the tab order and the reading order (see sidebar.tsx), and while it is open the page behind
 * it is inert. A skip link leads past the sidebar and header to the screen's content.
 */
export function AppShell({
  children,
  logoutDialog,
  profile,
  bookSwitcher,
}: {
  children: ReactNode;
  /** The book switcher, shown in the header. */
  bookSwitcher?: ReactNode;
  /** Opened by the profile menu's Logout. */
  logoutDialog: DialogComponent;
  /** Who is signed in, once known. */
  profile: SignedInProfile | undefined;
}) {
  const [open, setOpen] = useState(false);
  const sidebar = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Closed with Escape: focus goes back to the menu button once the page behind is not inert.
  const refocusMenuButton = useRef(false);
  useEffect(() => {
    if (!open && refocusMenuButton.current) {
      refocusMenuButton.current = false;
      menuButton.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const links = sidebar.current?.querySelectorAll<HTMLElement>('nav a');
    const current = sidebar.current?.querySelector<HTMLElement>('nav a[aria-current="page"]');
    (current ?? links?.[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      refocusMenuButton.current = true;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Grown to a large screen with the drawer open: the sidebar is simply there now.
  useEffect(() => {
    const media = window.matchMedia(LARGE_SCREEN);
    const close = () => media.matches && setOpen(false);
    media.addEventListener('change', close);
    return () => media.removeEventListener('change', close);
  }, []);

  return (
    <div className="flex min-h-screen">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70]"
      >
        Skip to content
      </a>
      <Sidebar ref={sidebar} open={open} onNavigate={() => setOpen(false)} />
      {open && (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden
          className="fixed inset-0 z-30 bg-black/50 lg:hidden"
          onClick={() => setOpen(false)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col" inert={open || undefined}>
        <Header
          menuButton={menuButton}
          menuOpen={open}
          onMenu={() => setOpen((value) => !value)}
          logoutDialog={logoutDialog}
          profile={profile}
          bookSwitcher={bookSwitcher}
        />
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

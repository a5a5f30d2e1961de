import type { ReactNode, RefObject } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '../ui/button.js';
import type { DialogComponent } from '../overlays/dialog-component.js';
import { Breadcrumbs } from './breadcrumbs.js';
import { DeferredMenu } from './deferred-menu.js';
import { ProfileMenuButton, ThemeMenuButton } from './header-menu-buttons.js';
import { initialOf, type SignedInProfile } from './profile.js';

const loadMenus = () => import('./header-menus.js');
const loadThemeMenu = () => loadMenus().then((menus) => menus.ThemeMenu);
const loadProfileMenu = () => loadMenus().then((menus) => menus.ProfileMenu);

export function Header({
  menuButton,
  onMenu,
  menuOpen,
  logoutDialog,
  profile,
  bookSwitcher,
}: {
  menuButton: RefObject<HTMLButtonElement | null>;
  onMenu: () => void;
  menuOpen: boolean;
  logoutDialog: DialogComponent;
  profile: SignedInProfile | undefined;
  /** The current book and the menu to switch books (features/books, composed by the route). */
  bookSwitcher?: ReactNode;
}) {
  const initial = initialOf(profile?.email);
  return (
    <header className="flex h-16 items-center gap-3 border-b border-border px-4">
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={menuOpen}
        onClick={onMenu}
      >
        <Menu className="h-5 w-5" aria-hidden />
      </Button>
      <Breadcrumbs />
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {bookSwitcher}
        <DeferredMenu load={loadThemeMenu} menuProps={{}} standIn={ThemeMenuButton} />
        <DeferredMenu
          load={loadProfileMenu}
          menuProps={{ logoutDialog, profile }}
          standIn={ProfileMenuButton}
          standInProps={{ initial }}
        />
      </div>
    </header>
  );
}

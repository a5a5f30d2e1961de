import { useLocation } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { Button } from '../ui/button.js';
import { DeferredMenu } from './deferred-menu.js';
import { ProfileMenuButton, ThemeMenuButton } from './header-menu-buttons.js';

const loadMenus = () => import('./header-menus.js');
const loadThemeMenu = () => loadMenus().then((menus) => menus.ThemeMenu);
const loadProfileMenu = () => loadMenus().then((menus) => menus.ProfileMenu);

function Breadcrumbs() {
  const { pathname } = useLocation();
  const parts = pathname.split('/').filter(Boolean);
  const crumbs = ['Home', ...parts.map((part) => part.replace(/-/g, ' '))];
  return (
    <nav aria-label="Breadcrumb" className="hidden min-w-0 sm:block">
      <ol className="flex items-center gap-2 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => (
          <li key={`${crumb}-${index}`} className="flex items-center gap-2 truncate capitalize">
            {index > 0 && <span aria-hidden>/</span>}
            <a href="#" className="truncate hover:text-foreground">
              {crumb}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function Header({ onMenu, menuOpen }: { onMenu(): void; menuOpen: boolean }) {
  return (
    <header className="flex h-16 items-center gap-3 border-b border-border px-4">
      <Button
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
      <div className="ml-auto flex items-center gap-2">
        <DeferredMenu load={loadThemeMenu} standIn={(props) => <ThemeMenuButton {...props} />} />
        <DeferredMenu
          load={loadProfileMenu}
          standIn={(props) => <ProfileMenuButton {...props} />}
        />
      </div>
    </header>
  );
}

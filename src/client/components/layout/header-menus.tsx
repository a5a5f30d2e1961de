import { useEffect, useRef, useState } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.js';
import { useTheme } from '../../lib/theme.js';
import { LogoutDialog } from '../../features/auth/logout-dialog.js';
import type { DeferredMenuProps } from './deferred-menu.js';
import { ProfileMenuButton, ThemeMenuButton } from './header-menu-buttons.js';

/** The header's menus with their Radix code: loaded on first intent (see deferred-menu.tsx). */

function useFocusOnMount(autoFocus: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return ref;
}

export function ThemeMenu({ defaultOpen, autoFocus }: DeferredMenuProps) {
  const { setTheme } = useTheme();
  const trigger = useFocusOnMount(autoFocus);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeMenuButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => setTheme('light')}>
          <Sun className="h-4 w-4" aria-hidden /> Light
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setTheme('dark')}>
          <Moon className="h-4 w-4" aria-hidden /> Dark
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setTheme('system')}>
          <Monitor className="h-4 w-4" aria-hidden /> System
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function ProfileMenu({ defaultOpen, autoFocus }: DeferredMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useFocusOnMount(autoFocus);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <ProfileMenuButton ref={trigger} />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <span className="block text-sm font-medium text-foreground">John Doe</span>
            john.doe@example.com
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem>
            Subscription <span className="ml-auto text-xs text-muted-foreground">Free Trial</span>
          </DropdownMenuItem>
          <DropdownMenuItem>Settings</DropdownMenuItem>
          <DropdownMenuItem>Terms &amp; Policies</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setConfirming(true)}>
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LogoutDialog open={confirming} onOpenChange={setConfirming} />
    </>
  );
}

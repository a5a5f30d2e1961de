import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Monitor, Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../overlays/dropdown-menu.js';
import type { DialogComponent } from '../overlays/dialog-component.js';
import { isTheme, useTheme } from '../../lib/theme.js';
import type { DeferredMenuProps } from './deferred-menu.js';
import { ProfileMenuButton, ThemeMenuButton } from './header-menu-buttons.js';
import { initialOf, signInMethodLabel, type SignedInProfile } from './profile.js';

/** The header's menus with their Radix code: loaded on first intent (see deferred-menu.tsx). */

/**
 * Keyboard focus that was on the stand-in moves to the real button. Not when the menu opens at
 * once: Radix then puts focus in the menu, and a non-modal menu closes when focus leaves it.
 */
function useFocusOnMount(autoFocus: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return ref;
}

/** Light, Dark or System, the current one checked (menuitemradio, aria-checked). */
export function ThemeMenu({ defaultOpen, autoFocus }: DeferredMenuProps) {
  const { theme, setTheme } = useTheme();
  const trigger = useFocusOnMount(autoFocus && !defaultOpen);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeMenuButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent label="Theme">
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => isTheme(value) && setTheme(value)}
        >
          <DropdownMenuRadioItem value="light">
            <Sun className="h-4 w-4" aria-hidden /> Light
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <Moon className="h-4 w-4" aria-hidden /> Dark
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">
            <Monitor className="h-4 w-4" aria-hidden /> System
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** An item's words, with "Not yet available" under them. */
function NotYetAvailable({ children }: { children: ReactNode }) {
  return (
    <span className="flex w-full flex-col">
      <span className="flex w-full items-center gap-2">{children}</span>{' '}
      <span className="text-xs">Not yet available</span>
    </span>
  );
}

export function ProfileMenu({
  defaultOpen,
  autoFocus,
  logoutDialog: LogoutDialog,
  profile,
}: DeferredMenuProps & { logoutDialog: DialogComponent; profile: SignedInProfile | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useFocusOnMount(autoFocus && !defaultOpen);
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <ProfileMenuButton ref={trigger} initial={initialOf(profile?.email)} />
        </DropdownMenuTrigger>
        <DropdownMenuContent label="Profile">
          <DropdownMenuLabel>
            <span className="block text-sm font-medium break-all text-foreground">
              {profile?.email ?? 'Loading…'}
            </span>
            {profile && signInMethodLabel(profile.method)}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {/* Nothing behind these two yet: shown, marked, passed over by the arrow keys. */}
          <DropdownMenuItem disabled>
            <NotYetAvailable>
              Subscription <span className="ml-auto text-xs">Free Trial</span>
            </NotYetAvailable>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate({ to: '/settings' })}>
            Settings
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <NotYetAvailable>Terms &amp; Policies</NotYetAvailable>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setConfirming(true)}>
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LogoutDialog open={confirming} onOpenChange={setConfirming} returnFocusTo={trigger} />
    </>
  );
}

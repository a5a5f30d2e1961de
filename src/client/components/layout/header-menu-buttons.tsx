import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Moon, Sun } from 'lucide-react';
import { Button } from '../ui/button.js';

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement>;

/**
 * The header's two menu buttons. The same element serves as the stand-in shown before the menu
 * code has loaded and as the real menu's trigger, so the swap changes nothing on screen.
 */
export const ThemeMenuButton = forwardRef<HTMLButtonElement, TriggerProps>(
  function ThemeMenuButton(props, ref) {
    return (
      <Button ref={ref} variant="ghost" size="icon" aria-label="Toggle theme" {...props}>
        <Sun className="h-5 w-5 dark:hidden" aria-hidden />
        <Moon className="hidden h-5 w-5 dark:block" aria-hidden />
      </Button>
    );
  },
);

export const ProfileMenuButton = forwardRef<HTMLButtonElement, TriggerProps & { initial: string }>(
  function ProfileMenuButton({ initial, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-label="Open profile menu"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        {...props}
      >
        <span aria-hidden>{initial}</span>
      </button>
    );
  },
);

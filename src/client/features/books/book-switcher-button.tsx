import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { BookOpen, ChevronDown } from 'lucide-react';

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { name: string };

/**
 * The book switcher's button: the current book's name. The same element is the stand-in shown
 * before the menu's code has loaded and the real menu's trigger (components/layout/deferred-menu).
 */
export const BookSwitcherButton = forwardRef<HTMLButtonElement, TriggerProps>(
  function BookSwitcherButton({ name, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        className="flex h-9 min-w-0 items-center gap-2 rounded-md border border-border px-2 text-sm font-medium hover:bg-muted"
        {...props}
      >
        <BookOpen className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden />
        <span className="sr-only">Book: </span>
        <span className="max-w-[5rem] truncate sm:max-w-[12rem]">{name}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      </button>
    );
  },
);

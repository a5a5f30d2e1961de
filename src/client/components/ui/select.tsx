import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select: the browser's own, styled. It is fully usable from the keyboard and by
 * screen readers, follows the theme (color-scheme), and, unlike a custom listbox in a portal,
 * never hides the rest of the page from assistive technology while it is open.
 */
export function Select(props: {
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  /** Shown while no option is chosen (it cannot be chosen back). */
  placeholder: string;
  ariaLabel: string;
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn('relative', props.className)}>
      <select
        id={props.id}
        aria-label={props.ariaLabel}
        value={props.value ?? ''}
        onChange={(event) => props.onValueChange(event.target.value)}
        className="h-10 w-full min-w-40 cursor-pointer appearance-none rounded-md border border-border bg-background pr-9 pl-3 text-sm"
      >
        {props.value === undefined && (
          <option value="" disabled>
            {props.placeholder}
          </option>
        )}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}

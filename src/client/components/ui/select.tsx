import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The browser's own select, styled, with its chevron: every select of the app is one. It is
 * fully usable from the keyboard and by screen readers, follows the theme (color-scheme), and,
 * unlike a custom listbox in a portal, never hides the rest of the page from assistive
 * technology while it is open. The options are its children.
 */
export function NativeSelect(props: {
  value: string;
  onChange: (value: string) => void;
  ariaLabel?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  /** Classes of the select element itself (the wrapper takes `className`). */
  selectClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('relative', props.className)}>
      <select
        id={props.id}
        aria-label={props.ariaLabel}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={cn(
          'h-10 w-full cursor-pointer appearance-none rounded-md border border-border bg-background pr-9 pl-3 text-sm',
          props.selectClassName,
        )}
      >
        {props.children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}

/** A labelled select of plain options. */
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
    <NativeSelect
      id={props.id}
      ariaLabel={props.ariaLabel}
      value={props.value ?? ''}
      onChange={props.onValueChange}
      className={props.className}
      selectClassName="min-w-40"
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
    </NativeSelect>
  );
}

import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * Non-modal: a modal Radix menu hides the rest of the page from assistive technology with
 * aria-hidden while its buttons stay focusable (axe: aria-hidden-focus). The menu still moves
 * with the arrow keys, closes on Escape or an outside click, and returns focus to its button.
 */
export function DropdownMenu(props: Omit<ComponentProps<typeof Menu.Root>, 'modal'>) {
  return <Menu.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({
  children,
  align = 'end',
  label,
}: {
  children: ReactNode;
  align?: 'start' | 'end';
  /** The menu's accessible name, when its button's name is not enough. */
  label?: string;
}) {
  // Rendered beside its button rather than portalled to the end of <body>, so it stays inside
  // the button's landmark (header, main) for screen-reader navigation; it is positioned fixed,
  // so no container clips it.
  return (
    <Menu.Content
      align={align}
      sideOffset={6}
      aria-label={label}
      // An item that opened a dialog: focus belongs in the dialog now, not on the menu's button
      // (the dialog gives it back to that button when it closes).
      onCloseAutoFocus={(event) => {
        if (document.querySelector('[role="dialog"], [role="alertdialog"]')) event.preventDefault();
      }}
      className="z-50 max-w-[calc(100vw-1rem)] min-w-48 rounded-md border border-border bg-card p-1 shadow-lg"
    >
      {children}
    </Menu.Content>
  );
}

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted data-[disabled]:cursor-default data-[disabled]:text-muted-foreground';

/**
 * `disabled`: an item that does nothing yet. Radix marks it aria-disabled and the arrow keys pass
 * over it, so it is never focused; its text should say why (docs/client.md#navigation).
 */
export function DropdownMenuItem(props: {
  children: ReactNode;
  onSelect?: () => void;
  destructive?: boolean;
  disabled?: boolean;
}) {
  return (
    <Menu.Item
      onSelect={props.onSelect}
      disabled={props.disabled}
      className={`${ITEM} ${props.destructive ? 'text-destructive' : ''}`}
    >
      {props.children}
    </Menu.Item>
  );
}

/** A choice of one (the theme): each item says whether it is the current one. */
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export function DropdownMenuRadioItem(props: { value: string; children: ReactNode }) {
  return (
    <Menu.RadioItem value={props.value} className={`${ITEM} relative pr-8`}>
      {props.children}
      <Menu.ItemIndicator className="absolute right-2">
        <Check className="h-4 w-4" aria-hidden />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}

export const DropdownMenuSeparator = () => <Menu.Separator className="my-1 h-px bg-border" />;
export const DropdownMenuLabel = ({ children }: { children: ReactNode }) => (
  <Menu.Label className="px-3 py-2 text-xs text-muted-foreground">{children}</Menu.Label>
);

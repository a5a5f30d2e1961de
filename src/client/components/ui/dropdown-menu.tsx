import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({
  children,
  align = 'end',
}: {
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={6}
        className="z-50 min-w-48 rounded-md border border-border bg-card p-1 shadow-lg"
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

export function DropdownMenuItem(props: {
  children: ReactNode;
  onSelect?(): void;
  destructive?: boolean;
}) {
  return (
    <Menu.Item
      onSelect={props.onSelect}
      className={`flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted ${props.destructive ? 'text-destructive' : ''}`}
    >
      {props.children}
    </Menu.Item>
  );
}

export const DropdownMenuSeparator = () => <Menu.Separator className="my-1 h-px bg-border" />;
export const DropdownMenuLabel = ({ children }: { children: ReactNode }) => (
  <Menu.Label className="px-3 py-2 text-xs text-muted-foreground">{children}</Menu.Label>
);

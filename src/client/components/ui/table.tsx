import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface TableColumn {
  label: string;
  align?: 'right';
  /**
   * Stays in view at the right edge while the rest scrolls sideways: the money column, which a
   * phone would otherwise push off screen.
   */
  sticky?: boolean;
}

/** Keeps a sticky cell opaque and above the cells that scroll under it. */
export const STICKY_CELL = 'sticky right-0 z-10 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.25)]';

/**
 * A data table that scrolls sideways when it is wider than the screen. The scrolling box is a
 * labelled region in the tab order, so a keyboard can scroll it with the arrow keys.
 */
export function Table(props: { caption: string; columns: TableColumn[]; children: ReactNode }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {props.caption}
        </caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'px-4 py-3 font-medium',
                  column.align === 'right' && 'text-right',
                  column.sticky && cn(STICKY_CELL, 'bg-muted'),
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{props.children}</tbody>
      </table>
    </div>
  );
}

/** The padding of every body cell. */
export const CELL = 'px-4 py-3';

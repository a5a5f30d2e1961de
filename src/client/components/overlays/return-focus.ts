import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes when a dialog closes: the control that opened it. A dialog opened from a
 * menu names the menu's button (`opener`), since the menu item itself is gone by then; any other
 * dialog remembers what had focus as it opened (read before Radix moves focus inside).
 */
export function useReturnFocus(open: boolean, opener?: RefObject<HTMLElement | null>) {
  const remembered = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      remembered.current =
        active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);

  /** For Radix's onCloseAutoFocus: focus the opener if it is still on the page. */
  return (event: Event) => {
    const target = opener?.current ?? remembered.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

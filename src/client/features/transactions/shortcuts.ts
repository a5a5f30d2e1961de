import { useEffect, useRef } from 'react';

export type ShortcutAction = 'new' | 'search' | 'edit' | 'delete' | 'help';

/** The page's shortcuts, as the help dialog lists them. */
export const SHORTCUTS: { keys: string; action: ShortcutAction; label: string }[] = [
  { keys: 'n', action: 'new', label: 'New transaction' },
  { keys: '/', action: 'search', label: 'Search' },
  { keys: 'e', action: 'edit', label: 'Edit the focused transaction in its row' },
  { keys: 'Delete', action: 'delete', label: 'Delete the selected (or focused) transactions' },
  { keys: '?', action: 'help', label: 'Show these shortcuts' },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Where typed letters are text, not commands: inputs, text areas, selects, editable content. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object' || !('tagName' in target)) return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || element.isContentEditable;
}

/**
 * The action a key press asks for, or null: never while typing in a field, never with Ctrl,
 * Cmd or Alt (the browser's and the screen reader's own shortcuts), never while a dialog is open
 * (`dialogOpen`), where the keys belong to the dialog.
 */
export function shortcutFor(event: KeyLike, dialogOpen: boolean): ShortcutAction | null {
  if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  switch (event.key) {
    case 'n':
      return 'new';
    case '/':
      return 'search';
    case 'e':
      return 'edit';
    case 'Delete':
      return 'delete';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/**
 * An overlay that holds the keys: one that is open. A closing one stays in the page for its
 * exit animation (data-state="closed"), and keys typed meanwhile are the page's again.
 */
export const overlayHoldsKeys = (root: ParentNode = document) =>
  root.querySelector(
    ':is([role="dialog"], [role="alertdialog"], [role="menu"]):not([data-state="closed"])',
  ) !== null;

/** Calls `run` for each shortcut pressed on the page (the latest `run`, without re-subscribing). */
export function useShortcuts(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event, overlayHoldsKeys());
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

import { Dialog } from '../../components/overlays/dialog.js';
import { SHORTCUTS } from './shortcuts.js';

/** The `?` help: every shortcut of the Transactions page. */
export function ShortcutsDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere on this page except while typing in a field."
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="contents">
            <dt>
              <kbd className="rounded border border-border bg-muted px-2 py-0.5 font-mono text-xs">
                {shortcut.keys}
              </kbd>
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

import { useState } from 'react';
import { Dialog } from '../../components/overlays/dialog.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { useCategoryGroups } from '../../lib/categories.js';
import { useEntryFormStore, type EntryKind } from '../../stores/entry-form-store.js';
import { useAccountChoices } from './api.js';
import { EntryForm } from './entry-form.js';
import { ENTRY_WORDS } from './entry-words.js';

/** What each type's dialog says under its title (the spec's dialogs say nothing more). */
const DESCRIPTIONS: Partial<Record<EntryKind, string>> = {
  expense: 'With an account chosen, the amount is taken from its balance.',
  transfer: 'Moves money between two of your accounts; both balances change together.',
};

/**
 * The one entry form in its dialog, as the account card, the dashboard, /expenses and the
 * Transfer button open it (stores/entry-form-store.ts). Its title follows the type chosen in
 * the form ("Deposit Funds", "Withdraw Funds", "Add Expense", "Transfer money"). Closes on
 * success; on failure it stays open with what was typed and the reason.
 */
export function EntryDialog() {
  const request = useEntryFormStore((state) => state.request);
  const opened = useEntryFormStore((state) => state.opened);
  const close = useEntryFormStore((state) => state.close);
  // The type chosen in the form, per opening (a new opening starts from its request's type).
  const [chosen, setChosen] = useState<{ opened: number; type: EntryKind } | null>(null);
  const accounts = useAccountChoices();
  const groups = useCategoryGroups();
  const type = chosen?.opened === opened ? chosen.type : (request?.type ?? 'expense');
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      title={ENTRY_WORDS[type].title}
      description={DESCRIPTIONS[type]}
    >
      {request &&
        (accounts.data ? (
          <EntryForm
            key={opened}
            start={request}
            lockAccount={Boolean(request.lockAccount)}
            accounts={accounts.data}
            groups={groups.data ?? []}
            onTypeChange={(next) => setChosen({ opened, type: next })}
            onDone={close}
          />
        ) : (
          <PageSpinner label="Loading your accounts" />
        ))}
    </Dialog>
  );
}

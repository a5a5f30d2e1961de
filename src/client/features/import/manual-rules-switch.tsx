import { SettingSwitch } from '../../components/forms/setting-switch.js';
import { useBook, useUpdateBook } from '../../lib/book.js';

/**
 * The book's setting (docs/import.md#rules): when on, a deposit, withdrawal or expense added by
 * hand gets the first matching rule's fields, those the person left empty only.
 */
export function ManualRulesSwitch() {
  const book = useBook();
  const setApply = useUpdateBook();
  return (
    <SettingSwitch
      label="Apply rules to entries I add by hand"
      hint="The first matching rule fills in the category, payee, tags or description you leave empty; what you choose yourself is kept."
      saved={book.data?.applyRulesToManualEntries}
      input={(next) => ({ applyRulesToManualEntries: next })}
      save={setApply.mutateAsync}
      success={{
        on: 'Rules now apply to entries you add',
        off: 'Rules no longer apply to entries you add',
      }}
    />
  );
}

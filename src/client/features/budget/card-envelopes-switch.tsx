import { SettingSwitch } from '../../components/forms/setting-switch.js';
import { useSetBudgetSettings } from './budget-mutations.js';

/**
 * The book's credit-card setting (docs/budgets.md#credit-cards): on, each credit card gets a
 * payment envelope that spending on it fills from its categories and paying it empties; off,
 * cards are ordinary accounts. Every month changes at once.
 */
export function CardEnvelopesSwitch({ on }: { on: boolean }) {
  const setSettings = useSetBudgetSettings();
  return (
    <SettingSwitch
      label="Budget credit cards with payment envelopes"
      hint="Spending on a card moves the money its category had to the card's payment envelope, and paying the card from checking uses it. Spending beyond that shows as card debt."
      saved={on}
      input={(next) => ({ cardEnvelopes: next })}
      save={setSettings.mutateAsync}
      success={{
        on: 'Credit cards now have payment envelopes',
        off: 'Credit cards are ordinary accounts again',
      }}
    />
  );
}

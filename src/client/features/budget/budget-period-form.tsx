import { useId, useState, type FormEvent } from 'react';
import { SelectField } from '../../components/forms/select-field.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import type { PeriodWeekendRule } from '../../../shared/budget-periods.js';
import type { BudgetSettings } from '../../../shared/schemas/budget.js';
import { useSetBudgetSettings } from './budget-mutations.js';

const WEEKEND_CHOICES: { value: PeriodWeekendRule; label: string }[] = [
  { value: 'keep', label: 'Keep that day' },
  { value: 'before', label: 'Start on the Friday before' },
  { value: 'after', label: 'Start on the Monday after' },
];

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
};

const DAY_CHOICES = Array.from({ length: 31 }, (_, index) => ({
  value: String(index + 1),
  label: index === 0 ? '1st (calendar months)' : ordinal(index + 1),
}));

/**
 * The day the book's budget months start on (docs/budgets.md#budget-periods): a pay day such as
 * the 25th, moved off a weekend or not. Saving moves every month's entries at once.
 */
export function BudgetPeriodForm({ saved }: { saved: BudgetSettings }) {
  const id = useId();
  const setSettings = useSetBudgetSettings();
  const { submit, pending } = useSubmit();
  const [day, setDay] = useState(saved.periodStartDay);
  const [weekend, setWeekend] = useState(saved.periodWeekend);
  const changed = day !== saved.periodStartDay || weekend !== saved.periodWeekend;

  async function save(event: FormEvent) {
    event.preventDefault();
    await submit({
      ...keyedRequest({ periodStartDay: day, periodWeekend: weekend }, setSettings.mutateAsync),
      success:
        day === 1 && weekend === 'keep'
          ? 'Budget months are calendar months'
          : `Budget months start on the ${ordinal(day)}`,
      failure: 'Failed to change the budget months',
    });
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void save(event)}
      className="space-y-3 rounded-xl border border-border p-3"
    >
      <div>
        <h2 id={`${id}-title`} className="font-medium">
          When budget months start
        </h2>
        <p className="text-sm text-muted-foreground">
          Start each month on your pay day. A month is named after the month it starts in, and every
          entry counts in the month its day falls in.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id={`${id}-day`}
          label="Months start on the"
          placeholder="Day"
          value={String(day)}
          onValueChange={(value) => setDay(Number(value))}
          options={DAY_CHOICES}
        />
        <SelectField
          id={`${id}-weekend`}
          label="When that day is a Saturday or Sunday"
          placeholder="Weekend"
          value={weekend}
          onValueChange={(value) => setWeekend(value as PeriodWeekendRule)}
          options={WEEKEND_CHOICES}
        />
        <SubmitButton pending={pending} pendingLabel="Saving" disabled={!changed}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

import type { RefObject } from 'react';
import {
  ROLLOVER_RULES,
  type BudgetCategory,
  type BudgetMonth,
} from '../../../shared/schemas/budget.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { FieldError } from '../../components/forms/field-error.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { moneyEditText } from '../../components/forms/typed-amounts.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Money } from '../../components/ui/money.js';
import { formatMoney, type DisplayCurrency } from '../../lib/format.js';
import {
  TO_ASSIGN,
  coverFormSchema,
  holdFormSchema,
  moveFormSchema,
  placeId,
  rolloverFormSchema,
  type CoverFormValues,
  type HoldFormValues,
  type MoveFormValues,
  type RolloverFormValues,
} from './budget-forms.js';
import {
  useCoverBudget,
  useHoldBudget,
  useMoveBudget,
  useSetRollover,
} from './budget-mutations.js';
import { ROLLOVER_WORDS } from './budget-words.js';

/** What every budget dialog is given. */
interface BudgetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  budget: BudgetMonth;
  monthName: string;
  currency: DisplayCurrency;
}

/** A place money can come from or go to, with what it holds now: "Groceries ($40.00)". */
function placeOptions(
  budget: BudgetMonth,
  currency: DisplayCurrency,
  keep: (category: BudgetCategory) => boolean,
) {
  return [
    { value: TO_ASSIGN, label: `To assign (${formatMoney(budget.toAssign, currency)})` },
    ...budget.categories
      .filter((category) => !category.archived && keep(category))
      .map((category) => ({
        value: category.categoryId,
        label: `${category.name} (${formatMoney(category.available, currency)})`,
      })),
  ];
}

/** Move money from a category to another one or back to To assign. */
export function MoveMoneyDialog(props: BudgetDialogProps & { category: BudgetCategory }) {
  const { budget, category, currency } = props;
  const move = useMoveBudget();
  const { field, formProps, pending, form } = useAppForm({
    check: { schema: moveFormSchema(currency) },
    defaultValues: { amount: '', to: '' } satisfies MoveFormValues,
    request: ({ amount, to }) =>
      keyedRequest(
        {
          month: budget.month,
          fromCategoryId: category.categoryId,
          toCategoryId: placeId(to),
          amount,
        },
        move.mutateAsync,
      ),
    success: 'Money moved',
    failure: 'Could not move the money',
    resetOnDone: true,
    onDone: () => props.onOpenChange(false),
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title={`Move money from ${category.name}`}
      description={`${props.monthName}. Available in ${category.name}: ${formatMoney(category.available, currency)}.`}
    >
      <form {...formProps}>
        <AmountInput form={form} name="amount" currency={currency} autoFocus />
        <FormSelect
          {...field('to')}
          label="To"
          placeholder="Choose where it goes"
          options={placeOptions(budget, currency, (c) => c.categoryId !== category.categoryId)}
        />
        <FieldError id={`${field('to').id}-error`} message={form.formState.errors.to?.message} />
        <SubmitButton pending={pending} pendingLabel="Moving">
          Move money
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** Cover a category's overspending this month from another category or To assign. */
export function CoverDialog(props: BudgetDialogProps & { category: BudgetCategory }) {
  const { budget, category, currency } = props;
  const cover = useCoverBudget();
  const { field, formProps, pending, form } = useAppForm({
    check: { schema: coverFormSchema },
    defaultValues: { from: '' } satisfies CoverFormValues,
    request: ({ from }) =>
      keyedRequest(
        { month: budget.month, categoryId: category.categoryId, fromCategoryId: placeId(from) },
        cover.mutateAsync,
      ),
    success: 'Overspending covered',
    failure: 'Could not cover the overspending',
    resetOnDone: true,
    onDone: () => props.onOpenChange(false),
  });
  const overspentBy = formatMoney(Math.abs(category.available), currency);
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title={`Cover overspending in ${category.name}`}
      description={`${category.name} is overspent by ${overspentBy} in ${props.monthName}. Choose where the money comes from.`}
    >
      <form {...formProps}>
        <FormSelect
          {...field('from')}
          label="From"
          placeholder="Choose where it comes from"
          options={placeOptions(
            budget,
            currency,
            (c) => c.categoryId !== category.categoryId && c.available > 0,
          )}
        />
        <FieldError
          id={`${field('from').id}-error`}
          message={form.formState.errors.from?.message}
        />
        <SubmitButton pending={pending} pendingLabel="Covering">
          Cover {overspentBy}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** The rollover rule of a category from this month on: the four rules in words, and the cap. */
export function RolloverDialog(props: BudgetDialogProps & { category: BudgetCategory }) {
  const { budget, category, currency } = props;
  const setRollover = useSetRollover();
  const { field, formProps, pending, form } = useAppForm({
    check: { schema: rolloverFormSchema(currency) },
    defaultValues: {
      rule: category.rollover.rule,
      cap: category.rollover.cap === null ? '' : moneyEditText(category.rollover.cap, currency),
    } satisfies RolloverFormValues,
    request: (checked) => {
      const same =
        checked.rule === category.rollover.rule && (checked.cap ?? null) === category.rollover.cap;
      if (same) return { unchanged: true };
      return keyedRequest(
        { month: budget.month, categoryId: category.categoryId, ...checked },
        setRollover.mutateAsync,
      );
    },
    success: 'Rollover rule saved',
    failure: 'Could not save the rollover rule',
    onDone: () => props.onOpenChange(false),
    onUnchanged: () => props.onOpenChange(false),
  });
  const rule = form.watch('rule');
  const ruleId = field('rule').id;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title={`Rollover rule of ${category.name}`}
      description={`What happens to what is left in ${category.name} at the end of each month, from ${props.monthName} on.`}
    >
      <form {...formProps}>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">At the end of the month</legend>
          {ROLLOVER_RULES.map((value) => (
            <label
              key={value}
              htmlFor={`${ruleId}-${value}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
            >
              <input
                id={`${ruleId}-${value}`}
                type="radio"
                value={value}
                className="mt-1"
                aria-describedby={`${ruleId}-${value}-detail`}
                {...form.register('rule')}
              />
              <span>
                <span className="block text-sm font-medium">{ROLLOVER_WORDS[value].title}</span>
                <span
                  id={`${ruleId}-${value}-detail`}
                  className="block text-sm text-muted-foreground"
                >
                  {ROLLOVER_WORDS[value].detail}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {rule === 'capped' && (
          <AmountInput
            form={form}
            name="cap"
            label="Cap"
            hint="The most that carries over into next month."
            currency={currency}
          />
        )}
        <SubmitButton pending={pending} pendingLabel="Saving">
          Save rule
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** Hold some of this month's To assign for next month; 0 releases it. */
export function HoldDialog(props: BudgetDialogProps) {
  const { budget, currency } = props;
  const hold = useHoldBudget();
  const held = budget.toAssignParts.heldForNextMonth;
  const { formProps, pending, form } = useAppForm({
    check: { schema: holdFormSchema(currency) },
    defaultValues: {
      amount: held !== 0 ? moneyEditText(held, currency) : '',
    } satisfies HoldFormValues,
    request: ({ amount }) => keyedRequest({ month: budget.month, amount }, hold.mutateAsync),
    success: 'Hold for next month saved',
    failure: 'Could not hold the money',
    onDone: () => props.onOpenChange(false),
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title="Hold for next month"
      description={`Keep part of ${props.monthName}'s To assign for next month. 0 releases what is held.`}
    >
      <form {...formProps}>
        <p className="text-sm">
          Held now: <Money amount={Math.abs(held)} currency={currency} />
        </p>
        <AmountInput
          form={form}
          name="amount"
          label="Amount to hold"
          currency={currency}
          autoFocus
        />
        <SubmitButton pending={pending} pendingLabel="Saving">
          Hold
        </SubmitButton>
      </form>
    </Dialog>
  );
}

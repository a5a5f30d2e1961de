import type { RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  GOAL_KINDS,
  ROLLOVER_RULES,
  type BudgetCategory,
  type BudgetMonth,
  type GoalKind,
} from '../../../shared/schemas/budget.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
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
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import {
  TO_ASSIGN,
  coverFormSchema,
  goalFormSchema,
  holdFormSchema,
  moveFormSchema,
  placeId,
  rolloverFormSchema,
  type CoverFormValues,
  type GoalFormValues,
  type HoldFormValues,
  type MoveFormValues,
  type RolloverFormValues,
} from './budget-forms.js';
import {
  useCoverBudget,
  useDeleteGoal,
  useHoldBudget,
  useMoveBudget,
  useSetGoal,
  useSetRollover,
} from './budget-mutations.js';
import { ROLLOVER_WORDS } from './budget-words.js';
import { budgetPlaces } from './card-envelopes.js';

/**
 * Radio buttons as cards, each a title and a sentence that describes it (the rollover rules, the
 * kinds of goal); `field` is the form's registration of the choice.
 */
function ChoiceCards(props: {
  legend: string;
  idBase: string;
  choices: { value: string; title: string; detail: string }[];
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{props.legend}</legend>
      {props.choices.map(({ value, title, detail }) => (
        <label
          key={value}
          htmlFor={`${props.idBase}-${value}`}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
        >
          <input
            id={`${props.idBase}-${value}`}
            type="radio"
            value={value}
            className="mt-1"
            aria-describedby={`${props.idBase}-${value}-detail`}
            {...props.field}
          />
          <span>
            <span className="block text-sm font-medium">{title}</span>
            <span
              id={`${props.idBase}-${value}-detail`}
              className="block text-sm text-muted-foreground"
            >
              {detail}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

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
    ...budgetPlaces(budget, currency)
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
        <ChoiceCards
          legend="At the end of the month"
          idBase={ruleId}
          choices={ROLLOVER_RULES.map((value) => ({ value, ...ROLLOVER_WORDS[value] }))}
          field={form.register('rule')}
        />
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

const GOAL_WORDS: Record<GoalKind, { title: string; detail: string }> = {
  'by-date': {
    title: 'Save an amount by a month',
    detail: 'Spread evenly over the months left, e.g. 1,200 by December.',
  },
  monthly: { title: 'Assign an amount every month', detail: 'The same amount each month.' },
  refill: {
    title: 'Refill up to an amount',
    detail: 'Each month, bring what is available back up to the amount.',
  },
};

/** A category's goal: what kind, how much, and for a by-date goal the month; or remove it. */
export function GoalDialog(props: BudgetDialogProps & { category: BudgetCategory }) {
  const { category, currency } = props;
  const setGoal = useSetGoal();
  const deleteGoal = useDeleteGoal();
  const goal = category.goal;
  const { formProps, pending, form, field } = useAppForm({
    check: { schema: goalFormSchema(currency) },
    defaultValues: {
      kind: goal?.kind ?? 'by-date',
      amount: goal === null ? '' : moneyEditText(goal.amount, currency),
      targetMonth: goal?.targetMonth ?? '',
    } satisfies GoalFormValues,
    request: (checked) =>
      keyedRequest({ categoryId: category.categoryId, ...checked }, setGoal.mutateAsync),
    success: 'Goal saved',
    failure: 'Could not save the goal',
    onDone: () => props.onOpenChange(false),
  });
  const kind = form.watch('kind');
  const kindId = field('kind').id;
  const monthId = field('targetMonth').id;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      returnFocusTo={props.returnFocusTo}
      title={`Goal for ${category.name}`}
      description="Fill from goals assigns what each goal still needs this month."
    >
      <form {...formProps}>
        <ChoiceCards
          legend="Kind of goal"
          idBase={kindId}
          choices={GOAL_KINDS.map((value) => ({ value, ...GOAL_WORDS[value] }))}
          field={form.register('kind')}
        />
        <AmountInput form={form} name="amount" label="Goal amount" currency={currency} />
        {kind === 'by-date' && (
          <div className="space-y-1">
            <Label htmlFor={monthId}>By month</Label>
            <Input
              id={monthId}
              type="month"
              placeholder="2026-12"
              aria-invalid={form.formState.errors.targetMonth ? true : undefined}
              aria-describedby={form.formState.errors.targetMonth ? `${monthId}-error` : undefined}
              {...form.register('targetMonth')}
            />
            <FieldError
              id={`${monthId}-error`}
              message={form.formState.errors.targetMonth?.message}
            />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel="Saving">
            Save goal
          </SubmitButton>
          {goal !== null && (
            <Button
              type="button"
              variant="outline"
              disabled={deleteGoal.isPending}
              onClick={() =>
                deleteGoal.mutate(
                  { categoryId: category.categoryId, idempotencyKey: newIdempotencyKey() },
                  {
                    onSuccess: () => {
                      screenToast.info('Goal removed');
                      props.onOpenChange(false);
                    },
                    onError: (error) => showFailure(error, 'Could not remove the goal'),
                  },
                )
              }
            >
              Remove goal
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

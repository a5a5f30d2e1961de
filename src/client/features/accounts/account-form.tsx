import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import {
  ACCOUNT_TYPES,
  TITLE_MAX,
  isCreditLimitBelowOwed,
  type Account,
  type CreateAccountInput,
} from '../../../shared/schemas/account.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { useBook, useToday } from '../../lib/book.js';
import { currencyChoices } from '../../components/forms/currency-choices.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { useLocaleStore } from '../../lib/locale.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { FieldError } from '../../components/forms/field-error.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Select } from '../../components/ui/select.js';
import { ACCOUNT_ICON_OPTIONS } from '../../components/widgets/account-icon.js';
import { cn } from '../../lib/cn.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import { failureToast } from '../../lib/api-error.js';
import { useAccounts, useCreateAccount, useUpdateAccount } from './api.js';
import { nextUnusedColour } from '../../../shared/colour-palette.js';
import {
  ACCOUNT_TYPE_LABELS,
  EMPTY_ACCOUNT_FORM,
  accountFormSchema,
  accountFormToast,
  changesAccount,
  colorProblem,
  createAccountFormSchema,
  formValuesOf,
  isCurrencyRefusal,
  onBudgetByDefault,
  opensOwing,
  type AccountFormValues,
} from './account-form-values.js';

const TYPE_OPTIONS = ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }));

/** Both checks end in what the create takes; the edit's has no opening balance. */
type AccountCheck = z.ZodType<CreateAccountInput, AccountFormValues>;

/**
 * Adds an account, or edits the one passed in. Each problem shows under its field (and the
 * spec's toast says the first); the title and description take no more than the server keeps;
 * the swatch shows the colour typed, or the colour's problem. The type and the credit limit are
 * saved with the rest; adding also takes an opening balance (on a card or a loan, what is owed)
 * and its day, today in the book's time zone unless changed. After a successful save the form
 * goes back to its defaults and `onSaved` runs (a dialog closes itself there). Adding offers
 * the first palette colour none of the person's accounts has yet (docs/analytics.md#colours).
 * The currency (docs/money.md#account-currency) is the book's base currency on a new account
 * unless chosen; the credit limit and opening balance are typed in it. An edit may change it
 * until the account has entries; after that the server's refusal is shown at the field.
 */
export function AccountForm({ account, onSaved }: { account?: Account; onSaved?: () => void }) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const today = useToday();
  const baseCurrency = useBook().data?.baseCurrency ?? DEFAULT_CURRENCY;
  const locale = useLocaleStore((state) => state.locale);
  // Until the person picks an icon, choosing the credit card type shows the card icon.
  const iconChosen = useRef(account !== undefined);
  const { form, field, formProps, id, pending } = useAppForm({
    check: {
      schema: (account ? accountFormSchema : createAccountFormSchema) as unknown as AccountCheck,
    },
    defaultValues: formValuesOf(account, today, baseCurrency),
    request: (fields) => {
      if (account && !changesAccount(account, fields)) return { unchanged: true };
      if (!account) return keyedRequest(fields, create.mutateAsync);
      // The currency is sent only to change it: the rest of an edit never meets its refusal.
      const { currency, ...rest } = fields;
      const edit = currency === account.currency ? rest : { ...rest, currency };
      return keyedRequest({ id: account.id, ...edit }, update.mutateAsync);
    },
    success: account ? 'Account updated successfully' : 'Account added successfully',
    failure: account ? 'Failed to update account' : 'Failed to add account',
    onFailure: (error) => {
      const failed = account ? 'Failed to update account' : 'Failed to add account';
      // A limit below what is owed is said at the limit's field too (the toast says it anyway).
      const { message } = failureToast(error, failed);
      if (isCreditLimitBelowOwed(message)) form.setError('creditLimit', { message });
      // So is the refusal to change the currency of an account that has entries.
      if (account && isCurrencyRefusal(message)) form.setError('currency', { message });
      showFailure(error, failed);
    },
    resetOnDone: true,
    onDone: () => {
      iconChosen.current = account !== undefined;
      // Back to the book's base currency, which may have loaded after the form's defaults.
      if (!account) form.setValue('currency', baseCurrency);
      onSaved?.();
    },
    onInvalid: (_, errors) => screenToast.error(accountFormToast(errors.title?.message)),
  });
  const errors = form.formState.errors;
  const [color, icon, type, currencyCode] = form.watch(['color', 'icon', 'type', 'currency']);
  const currency = displayCurrency(currencyCode || DEFAULT_CURRENCY);
  // The spec's defaults stay the form's (#10b981); a new account is offered a colour of its own
  // on top, once the accounts are known and while the person has not touched the colour.
  const accounts = useAccounts().data;
  const offered = account || !accounts ? null : nextUnusedColour(accounts.map((a) => a.color));
  useEffect(() => {
    if (offered && !form.getFieldState('color').isDirty) form.setValue('color', offered);
  }, [offered, form]);
  // The book's base currency, once it has loaded, is a new account's until one is chosen.
  useEffect(() => {
    if (!account && !form.getFieldState('currency').isDirty)
      form.setValue('currency', baseCurrency);
  }, [account, baseCurrency, form]);
  // A field's message goes once it is edited; it comes back on the next submit if still wrong.
  const setColor = (value: string) => {
    // Dirty: the person's own choice, which the offered colour never replaces.
    form.setValue('color', value, { shouldDirty: true });
    form.clearErrors('color');
  };

  const liveColorError = form.formState.touchedFields.color ? colorProblem(color) : null;
  const colorError = errors.color?.message ?? liveColorError;
  const colorValid = colorProblem(color) === null;
  const ids = { icon: `${id}-icon`, color: `${id}-color`, hex: `${id}-color-hex` };
  const colorErrorId = `${id}-color-error`;

  return (
    <form {...formProps}>
      <TextField
        {...field('title')}
        label="Title"
        placeholder="e.g. Savings"
        maxLength={TITLE_MAX}
        required
        showsError
        clearsErrorOnEdit
      />
      <DescriptionField
        {...field('description')}
        placeholder="What is this account for? (optional)"
        showsError
        clearsErrorOnEdit
      />
      <FormSelect
        form={form}
        name="type"
        id={`${id}-type`}
        label="Type"
        placeholder="Choose a type"
        options={TYPE_OPTIONS}
        onValueChange={(value) => {
          if (!iconChosen.current) {
            form.setValue('icon', value === 'credit-card' ? 'credit-card' : 'wallet');
          }
          // A new account follows its type (a loan starts off the budget) until the person
          // chooses; an edit keeps what the account has.
          if (!account && !form.getFieldState('onBudget').isDirty) {
            form.setValue('onBudget', onBudgetByDefault(value));
          }
        }}
      />
      <FieldError id={`${id}-type-error`} message={errors.type?.message} />
      <FormSelect
        form={form}
        name="currency"
        id={`${id}-currency`}
        label="Currency"
        placeholder="Choose a currency"
        options={currencyChoices(locale)}
        onValueChange={() => form.clearErrors('currency')}
      />
      <FieldError id={`${id}-currency-error`} message={errors.currency?.message} />
      <div className="space-y-2">
        <Label htmlFor={ids.icon}>Icon</Label>
        <Select
          id={ids.icon}
          ariaLabel="Icon"
          placeholder="Choose an icon"
          value={icon}
          onValueChange={(value) => {
            iconChosen.current = true;
            form.setValue('icon', value);
            form.clearErrors('icon');
          }}
          options={ACCOUNT_ICON_OPTIONS}
        />
        <FieldError id={`${id}-icon-error`} message={errors.icon?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.color}>Color</Label>
        <div className="flex items-center gap-2">
          {/* The picker can only hold a valid colour: while the text is not one, it says so. */}
          <Input
            id={ids.color}
            type="color"
            className={cn(
              'h-10 w-14 shrink-0 cursor-pointer p-1',
              !colorValid && 'border-2 border-dashed border-destructive opacity-60',
            )}
            value={colorValid ? color.trim().toLowerCase() : EMPTY_ACCOUNT_FORM.color}
            onChange={(event) => setColor(event.target.value)}
            aria-invalid={!colorValid || undefined}
            aria-describedby={colorError ? colorErrorId : undefined}
          />
          <Label htmlFor={ids.hex} className="sr-only">
            Color hex code
          </Label>
          <Input
            id={ids.hex}
            value={color}
            onChange={(event) => setColor(event.target.value)}
            // Its problem shows live once the person has left the field.
            onBlur={() => form.setValue('color', color, { shouldTouch: true })}
            placeholder="#10b981"
            maxLength={7}
            spellCheck={false}
            aria-invalid={Boolean(colorError) || undefined}
            aria-describedby={colorError ? colorErrorId : undefined}
          />
        </div>
        <FieldError id={colorErrorId} message={colorError} />
      </div>
      <div className="space-y-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4"
            aria-describedby={`${id}-on-budget-hint`}
            {...form.register('onBudget')}
          />
          On budget
        </label>
        <p id={`${id}-on-budget-hint`} className="text-xs text-muted-foreground">
          Money in this account counts in the budget&rsquo;s To assign. Usually off for a loan.
        </p>
      </div>
      <AmountInput
        form={form}
        name="creditLimit"
        label="Credit limit (optional)"
        hint="How far below zero the balance may go; empty or 0: not at all."
        currency={currency}
      />
      {!account && (
        <>
          <AmountInput
            form={form}
            name="openingBalance"
            label={opensOwing(type) ? 'Amount owed (optional)' : 'Opening balance (optional)'}
            hint={
              opensOwing(type)
                ? 'What it owes on the opening date: it opens below zero, within the credit limit.'
                : 'Recorded as the first entry, "Opening balance".'
            }
            currency={currency}
          />
          <TextField
            {...field('openingDate')}
            label="Opening date"
            type="date"
            required
            showsError
            clearsErrorOnEdit
          />
        </>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving">
        {account ? 'Save Changes' : 'Add Account'}
      </SubmitButton>
    </form>
  );
}

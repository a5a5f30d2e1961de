import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import type { EntryFormRequest, EntryKind } from '../../stores/entry-form-store.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { accountOptions } from '../../components/forms/account-options.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { FieldError } from '../../components/forms/field-error.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { showSpendingFailure } from '../../components/forms/refused-amount.js';
import { SelectField } from '../../components/forms/select-field.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { Money } from '../../components/ui/money.js';
import { useBook, useToday } from '../../lib/book.js';
import { moneyOf } from '../../components/forms/typed-amounts.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import { entryCurrencyOf } from './entry-currency.js';
import { useRecordEntry, useUndo, useUpdateEntry, useUpdateTransfer } from './api.js';
import { EntryDetails } from './entry-details.js';
import { changes, entryFormSchema, entryFormValues, NO_ACCOUNT } from './entry-form-values.js';
import { newEntryRequest } from './entry-request.js';
import { ENTRY_KINDS, ENTRY_WORDS, LEDGER_WORDS } from './entry-words.js';
import { transferRequest } from './transfer-request.js';
import { differentCurrencies } from './transfer-received.js';
import { ReceivedAmountInput } from './received-amount-input.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';
import { ReconciledChangeCancelled, useReconciledConfirm } from './reconciled-confirm.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';

/** What a save did: an edit's recorded change and fields (its toast offers Undo). */
type Saved =
  { edit: null } | { edit: { changeId: string; fields: Omit<UpdateEntryInput, 'id'> | null } };

/**
 * The transfer a leg belongs to, as the transfer's edit request compares it: its amounts are
 * the transfer's (sent and received), not the leg's own.
 */
function editedTransfer(entry: Transaction) {
  if (!entry.transfer) return undefined;
  const { id, fromAccountId, toAccountId, amount, receivedAmount, fromCurrency, toCurrency } =
    entry.transfer;
  const { occurredOn, description, version } = entry;
  return {
    id,
    fromAccountId,
    toAccountId,
    amount,
    receivedAmount,
    fromCurrency,
    toCurrency,
    occurredOn,
    description,
    version,
  };
}

/** The account box of a form opened from an account's card: which one, and what it holds. */
function AccountSummary({ account, label }: { account: Account; label: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{account.title}</dd>
      <dt className="text-muted-foreground">Current balance</dt>
      <dd className="min-w-0 font-medium">
        <Money amount={account.balance} currency={account.currency} />
      </dd>
    </dl>
  );
}

/**
 * The one entry form (docs/client.md#one-entry-form): a deposit, withdrawal, expense or transfer,
 * the type switchable in the form, from every place that records money (the account card, the
 * dashboard, /expenses, /transactions). Amount, account(s) and description first; the date
 * (today in the book's time zone), payee, category, tags and split lines under "More details".
 * With `entry` it edits a saved entry or transfer: only what changed is sent, with the version
 * it was read at, and the toast offers Undo. With `lockAccount` (the account card) the account
 * is shown, not chosen.
 */
export function EntryForm(props: {
  entry?: Transaction;
  start?: EntryFormRequest;
  lockAccount?: boolean;
  /** /transactions: its own words, and the details open. */
  ledger?: boolean;
  accounts: Account[];
  groups: CategoryGroup[];
  onTypeChange?: (type: EntryKind) => void;
  onDone: () => void;
}) {
  const { entry, accounts } = props;
  const record = useRecordEntry();
  const update = useUpdateEntry();
  const updateTransfer = useUpdateTransfer();
  const undo = useUndo();
  const ruleOffer = useRuleOffer();
  const today = useToday();
  // The amount is typed in the chosen account's currency; an expense without one in the base.
  const baseCurrency = useBook().data?.baseCurrency ?? DEFAULT_CURRENCY;
  const currencyOf = entryCurrencyOf(accounts, baseCurrency, entry);
  // A change to a reconciled entry asks first (docs/ledger.md#reconciliation); confirmed, it is
  // a new request with a key of its own, as the refusal is stored under the first one.
  const reconciled = useReconciledConfirm();
  const confirmedKey = (key: string, confirmReconciled: boolean) =>
    confirmReconciled
      ? { confirmReconciled, idempotencyKey: newIdempotencyKey() }
      : { idempotencyKey: key };
  const transferOf = entry && editedTransfer(entry);
  /** An account's currency, as the form reads the amounts typed for it. */
  const currencyCodeOf = (accountId: string) => currencyOf(accountId).code;
  const start: EntryFormRequest = props.start ?? { type: 'expense' };
  /** /transactions speaks of transactions, except for a transfer. */
  const wordsOf = (type: EntryKind) =>
    props.ledger && type !== 'transfer'
      ? { ...ENTRY_WORDS[type], ...LEDGER_WORDS }
      : ENTRY_WORDS[type];
  const failureOf = (type: EntryKind) => {
    if (!entry) return wordsOf(type).failure;
    return transferOf ? 'Failed to update the transfer' : 'Failed to update transaction';
  };

  const { form, field, formProps, id, problem, pending } = useAppForm({
    check: {
      schema: entryFormSchema(new Set(accounts.map((account) => account.id)), currencyOf),
    },
    defaultValues: entryFormValues(entry, start, today),
    request: (checked) => {
      if (transferOf) {
        const { accountId, toAccountId, ...rest } = checked;
        const currencies = { from: currencyCodeOf(accountId), to: currencyCodeOf(toAccountId) };
        const values = {
          ...rest,
          fromAccountId: accountId,
          toAccountId,
          currencies,
          amountError: null,
        };
        const request = transferRequest(values, transferOf);
        if ('problem' in request) return request;
        if (request.kind === 'create')
          return { problem: 'A saved transfer is edited, not created' };
        const input = request.input;
        return {
          payload: input,
          send: async (key): Promise<Saved> => {
            const answer = await reconciled.withConfirmation((confirmReconciled) =>
              updateTransfer.mutateAsync({ ...input, ...confirmedKey(key, confirmReconciled) }),
            );
            return { edit: { changeId: answer.changeId, fields: null } };
          },
        };
      }
      if (!entry) {
        const request = newEntryRequest(checked);
        return {
          payload: request,
          send: async (key): Promise<Saved> => {
            await record.mutateAsync({ request, idempotencyKey: key });
            return { edit: null };
          },
        };
      }
      const fields = changes(entry, checked);
      if (Object.keys(fields).length === 0) return { unchanged: true };
      const input = { id: entry.id, expectedVersion: entry.version, ...fields };
      return {
        payload: input,
        send: async (key): Promise<Saved> => {
          const answer = await reconciled.withConfirmation((confirmReconciled) =>
            update.mutateAsync({ ...input, ...confirmedKey(key, confirmReconciled) }),
          );
          return { edit: { changeId: answer.changeId, fields } };
        },
      };
    },
    success: ({ edit }) => {
      if (!entry || !edit) return void toast.success(wordsOf(form.getValues('type')).success);
      const { fields } = edit;
      if (!fields) return toastWithUndo('Transfer updated', edit.changeId, undo);
      const offer =
        fields.categoryId === undefined
          ? undefined
          : ruleOffer(
              {
                description: fields.description ?? entry.description,
                payee: fields.payee ?? entry.payee,
              },
              fields.categoryId,
            );
      toastWithUndo('Transaction updated', edit.changeId, undo, offer);
    },
    // Told by onFailure, in the words of the type chosen when it was sent.
    failure: ENTRY_WORDS[start.type].failure,
    onFailure: (error) => {
      // Cancel at the reconciled question: nothing was sent again, nothing to say.
      if (error instanceof ReconciledChangeCancelled) return;
      const spent = accounts.find((account) => account.id === form.getValues('accountId'));
      showSpendingFailure(error, {
        form,
        field: 'amount',
        failure: failureOf(form.getValues('type')),
        available: spent?.available,
        currency: spent?.currency,
      });
    },
    onDone: props.onDone,
  });
  const [type, amountText, accountId, toAccountId] = form.watch([
    'type',
    'amount',
    'accountId',
    'toAccountId',
  ]);
  // A transfer between two currencies asks what arrives too (docs/ledger.md#transfers).
  const crossing =
    type === 'transfer' ? differentCurrencies(accounts, accountId, toAccountId) : null;
  const typeWords = ENTRY_WORDS[type];
  const currency = currencyOf(accountId);
  const words = wordsOf(type);

  const locked = props.lockAccount
    ? accounts.find((account) => account.id === accountId)
    : undefined;
  const options = accountOptions(
    accounts,
    type === 'expense' ? { value: NO_ACCOUNT, label: 'None' } : undefined,
  );
  const movement = type === 'deposit' || type === 'withdraw';
  const defaultDescription = locked && typeWords.defaultDescription?.(locked.title);

  return (
    <form {...formProps}>
      {entry ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">Type</p>
          <p className="text-sm">{typeWords.label}</p>
        </div>
      ) : (
        <SelectField
          id={field('type').id}
          label="Type"
          placeholder="Type"
          value={type}
          onValueChange={(value) => {
            const next = value as EntryKind;
            form.setValue('type', next);
            props.onTypeChange?.(next);
          }}
          options={ENTRY_KINDS.map((kind) => ({ value: kind, label: ENTRY_WORDS[kind].label }))}
        />
      )}
      {locked && (
        <AccountSummary account={locked} label={type === 'transfer' ? 'From account' : 'Account'} />
      )}
      <AmountInput form={form} name="amount" autoFocus currency={currency} />
      {!locked && (
        <FormSelect
          {...field('accountId')}
          label={type === 'transfer' ? 'From account' : 'Account'}
          placeholder="Choose an account"
          options={options}
          fallback={type === 'expense' ? NO_ACCOUNT : undefined}
        />
      )}
      {type === 'transfer' && (
        <FormSelect
          {...field('toAccountId')}
          label="To account"
          placeholder="Choose an account"
          options={accountOptions(accounts)}
        />
      )}
      {crossing && <ReceivedAmountInput form={form} currencies={crossing} />}
      <DescriptionField
        {...field('description')}
        // One line, so Enter in it saves; the spec's deposit and withdraw dialogs name it so.
        singleLine
        label={movement && !entry ? 'Description (optional)' : 'Description'}
        placeholder={defaultDescription || 'What was it for? (optional)'}
      />
      <EntryDetails
        form={form}
        id={id}
        groups={props.groups}
        open={Boolean(props.ledger || entry)}
        currency={currency}
      />
      <FieldError id={`${id}-problem`} message={problem} />
      <SubmitButton
        pending={pending}
        pendingLabel={words.pending}
        disabled={!props.ledger && !entry && moneyOf(amountText, currency) === null}
      >
        {entry ? (transferOf ? 'Save transfer' : 'Save changes') : words.submit}
      </SubmitButton>
      {reconciled.dialog}
    </form>
  );
}

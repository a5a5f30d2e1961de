import { useState } from 'react';
import { z } from 'zod';
import { AmountInput } from '../../components/forms/amount-input.js';
import { optionalAmountText } from '../../components/forms/amount-text.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Money } from '../../components/ui/money.js';
import { useToday } from '../../lib/book.js';
import { unwrap } from '../../lib/envelope.js';
import { readMoney, unitsOf } from '../../components/forms/typed-amounts.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import { trpc } from '../../lib/trpc.js';
import { useFinishReconciliation, useReconciliationSummary } from './reconciliation-api.js';

/** On a card or a loan the statement says what is owed: the balance it stands for is below 0. */
const owes = (type: string | undefined) => type === 'credit-card' || type === 'loan';

/**
 * The reconcile dialog (docs/ledger.md#reconciliation): the statement's date and balance, and
 * as they are typed the account's cleared balance on that date and the difference, all in the
 * account's currency. "Finish reconciliation" is enabled only at a difference of 0; it locks the
 * cleared entries.
 */
function ReconcileForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const today = useToday();
  const account = trpc.account.get.useQuery({ id: accountId }, { select: unwrap });
  const owed = owes(account.data?.type);
  const currency = displayCurrency(account.data?.currency ?? DEFAULT_CURRENCY);
  const finish = useFinishReconciliation();
  const { form, field, formProps, pending } = useAppForm({
    check: {
      schema: z.object({
        statementOn: z.string(),
        statementBalance: optionalAmountText(currency),
      }),
    },
    defaultValues: { statementOn: today, statementBalance: '' },
    request: ({ statementOn, statementBalance }) => {
      const balance = statementBalance ?? 0;
      const input = { id: accountId, statementOn, statementBalance: owed ? -balance : balance };
      return keyedRequest(input, finish.mutateAsync);
    },
    success: 'Reconciliation finished: the cleared transactions are locked',
    failure: 'Could not finish the reconciliation',
    onDone,
  });

  const statementOn = form.watch('statementOn');
  const read = readMoney(form.watch('statementBalance'), currency);
  const typed = read.kind === 'minorUnits' ? read.minorUnits : read.kind === 'empty' ? 0n : null;
  const balance = typed === null ? null : unitsOf(owed && typed > 0n ? -typed : typed, currency);
  const asked =
    balance !== null && /^\d{4}-\d{2}-\d{2}$/.test(statementOn)
      ? { id: accountId, statementOn, statementBalance: balance }
      : null;
  const summary = useReconciliationSummary(asked);
  const current =
    summary.data &&
    asked &&
    summary.data.statementOn === asked.statementOn &&
    summary.data.statementBalance === asked.statementBalance
      ? summary.data
      : undefined;
  const balanced = current !== undefined && current.difference === 0;

  return (
    <form {...formProps} className="space-y-4">
      <TextField {...field('statementOn')} type="date" label="Statement date" required />
      <AmountInput
        form={form}
        name="statementBalance"
        label={owed ? 'Statement balance owed' : 'Statement balance'}
        hint="The closing balance the bank's statement shows on that date"
        currency={currency}
      />
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm"
        aria-live="polite"
      >
        <dt className="text-muted-foreground">Cleared balance</dt>
        <dd className="text-right font-medium" data-testid="reconcile-cleared">
          {current ? <Money amount={current.clearedBalance} currency={currency} /> : '…'}
        </dd>
        <dt className="text-muted-foreground">Statement balance</dt>
        <dd className="text-right font-medium">
          {asked ? <Money amount={asked.statementBalance} currency={currency} /> : '…'}
        </dd>
        <dt className="font-semibold">Difference</dt>
        <dd className="text-right font-semibold" data-testid="reconcile-difference">
          {current ? <Money amount={current.difference} currency={currency} /> : '…'}
        </dd>
      </dl>
      <p className="text-sm text-muted-foreground">
        {balanced
          ? `${current.clearedCount === 1 ? '1 cleared transaction' : `${current.clearedCount} cleared transactions`} on or before this date will be locked as reconciled.`
          : 'Mark the transactions you find on the statement as cleared until the difference is 0.00.'}
      </p>
      <SubmitButton pending={pending} pendingLabel="Reconciling" disabled={!balanced}>
        Finish reconciliation
      </SubmitButton>
    </form>
  );
}

/** The "Reconcile" button of an account's page and its dialog. */
export function ReconcileButton({ accountId }: { accountId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Reconcile
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Reconcile account"
        description="Compare the cleared transactions with the bank's statement."
      >
        {open && <ReconcileForm accountId={accountId} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

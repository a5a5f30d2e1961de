import { useId } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { FieldError } from '../../components/forms/field-error.js';
import { useLocaleMarks } from '../../components/forms/typed-amounts.js';
import { currencyExponent } from '../../../shared/currencies.js';
import type { EntryFormValues } from './entry-request.js';
import { impliedRateLine, readReceived, receivedRecordsText } from './transfer-received.js';

/**
 * The amount a transfer between two currencies brings to its destination, typed in that
 * account's currency (its decimals: JPY none, KWD three), shown only when the two chosen
 * accounts' currencies differ; under it what it records and the rate the two amounts imply
 * ("1 EUR = 1.085 USD"), which the book records as a 'transfer' rate (docs/rates.md#transfer-rates).
 */
export function ReceivedAmountInput({
  form,
  currencies,
}: {
  form: UseFormReturn<EntryFormValues, unknown, unknown>;
  currencies: { from: string; to: string };
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const notesId = `${id}-notes`;
  const { field, fieldState } = useController({ control: form.control, name: 'receivedAmount' });
  const { ref, onBlur } = field;
  const text: string = field.value;
  const marks = useLocaleMarks();
  const sentText = form.watch('amount');
  const error = fieldState.error?.message;
  const read = readReceived(text, marks, currencies.to);
  const records =
    !error && 'minorUnits' in read ? receivedRecordsText(read.minorUnits, currencies.to) : '';
  const rate = impliedRateLine(sentText, text, marks, currencies);
  const exponent = currencyExponent(currencies.to);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{`Received (${currencies.to})`}</Label>
      <Input
        id={id}
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={exponent === 0 ? '0' : `0${marks.decimal}${'0'.repeat(exponent)}`}
        value={text}
        onChange={(event) => {
          field.onChange(event.target.value);
          void form.trigger('receivedAmount');
        }}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : records || rate ? notesId : undefined}
      />
      {(records || rate) && (
        <p id={notesId} className="text-sm text-muted-foreground" data-testid="transfer-rate">
          {[records, rate && `Rate ${rate}`].filter(Boolean).join(' · ')}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

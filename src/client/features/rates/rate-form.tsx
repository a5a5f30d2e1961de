import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { Card, CardTitle } from '../../components/ui/card.js';
import type { SelectOption } from '../../components/ui/select.js';
import { FieldError } from '../../components/forms/field-error.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { serverMessage } from '../../lib/api-error.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useAddRate } from './api.js';
import { rateFormSchema, type RateFormInput, type RateFormValues } from './rate-text.js';

/** The field a refusal of POST /api/rates is about, from its message (the schema's words). */
export function fieldOfRefusal(message: string): Path<RateFormValues> | null {
  if (/^rate\b/i.test(message)) return 'rate';
  if (/^day\b/i.test(message)) return 'day';
  if (/^quote\b|different currencies/i.test(message)) return 'quote';
  if (/^base\b/i.test(message)) return 'base';
  return null;
}

/**
 * "Add a rate" (docs/rates.md#the-rates-page): a pair of current codes, a day, and the rate as
 * the exact decimal text typed, sent as text (never read into a number, so nothing is rounded).
 * The shared schema's rules (rate-text.ts) check it before sending; a refusal of the server is shown at its field.
 */
export function RateForm(props: {
  currencies: SelectOption[];
  defaults: Pick<RateFormValues, 'base' | 'quote' | 'day'>;
}) {
  const add = useAddRate();
  const { form, formProps, field, pending } = useAppForm({
    check: { schema: rateFormSchema },
    defaultValues: { ...props.defaults, rate: '' },
    request: (input: RateFormInput) => keyedRequest(input, add.mutateAsync),
    // The server's words: "Rate added", or "Rate replaced" for a pair and day entered before.
    success: (answer) => toast.success(answer.message ?? 'Rate saved'),
    failure: 'Failed to save the rate',
    onFailure: (error) => {
      const at = fieldOfRefusal(serverMessage(error, ''));
      if (at) form.setError(at, { message: serverMessage(error, '') });
      else showFailure(error, 'Failed to save the rate');
    },
    // The pair and day stay for the next rate; only the rate itself empties.
    onDone: () => form.resetField('rate', { defaultValue: '' }),
  });
  const baseError = form.formState.errors.base?.message;
  const quoteError = form.formState.errors.quote?.message;
  return (
    <Card className="space-y-4">
      <CardTitle>Add a rate</CardTitle>
      <p className="text-sm text-muted-foreground">
        How many units of the quote currency one unit of the base currency buys on that day. A rate
        you enter wins over imported ones of its day; entering the same pair and day again replaces
        it.
      </p>
      <form {...formProps} aria-label="Add a rate">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <FormSelect
              {...field('base')}
              label="Base"
              placeholder="Choose a currency"
              options={props.currencies}
            />
            <FieldError id={`${field('base').id}-error`} message={baseError} />
          </div>
          <div>
            <FormSelect
              {...field('quote')}
              label="Quote"
              placeholder="Choose a currency"
              options={props.currencies}
            />
            <FieldError id={`${field('quote').id}-error`} message={quoteError} />
          </div>
          <TextField {...field('day')} type="date" label="Day" showsError clearsErrorOnEdit />
          <TextField
            {...field('rate')}
            label="Rate"
            placeholder="1.0823"
            autoComplete="off"
            hint="An exact decimal, such as 1.0823 or 157.12: kept as you type it."
            showsError
            clearsErrorOnEdit
          />
        </div>
        <SubmitButton pending={pending} pendingLabel="Saving" className="w-auto">
          Add rate
        </SubmitButton>
      </form>
    </Card>
  );
}

import { useId, type ReactNode } from 'react';
import { z } from 'zod';
import { Card, CardTitle } from '../../components/ui/card.js';
import type { SelectOption } from '../../components/ui/select.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { deviceTimeZone, useBook, useUpdateBook } from '../../lib/book.js';
import { useSettings, useUpdateSettings } from '../../lib/settings.js';
import { browserLocale, useLocaleStore } from '../../lib/locale.js';
import { currencyChoices } from '../../components/forms/currency-choices.js';
import { localeChoices, localeLabel } from './locale-choices.js';
import { timeZoneChoices } from './time-zone-choices.js';

/** The locale select's value for "my browser's". */
const BROWSER = 'browser';

/**
 * /settings (docs/settings.md): the person's locale, which decides how the amounts they type
 * are read (12,50 or 12.50) and how figures are written, the book's time zone, which decides
 * what "today" is for every entry, and the book's base currency. Each is saved on its own.
 */
export function SettingsPage() {
  const settings = useSettings();
  const book = useBook();
  const saveLocale = useUpdateSettings();
  const saveBook = useUpdateBook();
  const locale = useLocaleStore((state) => state.locale);
  const device = deviceTimeZone();
  return (
    <section aria-labelledby="settings-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="settings-heading" className="text-2xl font-bold">
        Settings
      </h1>
      {settings.data && (
        <ChoiceForm
          title="Numbers"
          label="Locale"
          saved={settings.data.locale ?? BROWSER}
          options={[
            { value: BROWSER, label: `Your browser’s (${localeLabel(browserLocale())})` },
            ...localeChoices(settings.data.locale),
          ]}
          save={(value) =>
            keyedRequest({ locale: value === BROWSER ? null : value }, saveLocale.mutateAsync)
          }
        >
          How the amounts you type are read and how figures are written: with a comma before the
          cents, 12,50 is twelve fifty. An amount that could be read two ways is refused, never
          guessed.
        </ChoiceForm>
      )}
      {book.data && book.data.role !== 'owner' && (
        <p role="note" className="text-sm text-muted-foreground">
          The time zone and base currency belong to the book “{book.data.name}”: only its owners can
          change them.
        </p>
      )}
      {book.data && (
        <ChoiceForm
          title="Time zone"
          label="Time zone"
          saved={book.data.timeZone ?? device}
          options={timeZoneChoices(book.data.timeZone, device)}
          save={(timeZone) => keyedRequest({ timeZone }, saveBook.mutateAsync)}
          readOnly={book.data.role !== 'owner'}
        >
          Your book’s days follow this time zone: a new entry is dated today there, and every list
          is sorted by the day things happened. This device is in {device}.
        </ChoiceForm>
      )}
      {book.data && (
        <ChoiceForm
          title="Base currency"
          label="Base currency"
          saved={book.data.baseCurrency}
          options={currencyChoices(locale)}
          save={(baseCurrency) => keyedRequest({ baseCurrency }, saveBook.mutateAsync)}
          readOnly={book.data.role !== 'owner'}
        >
          Totals across currencies are shown in it: net worth, the dashboard’s totals and the
          charts. A new account is kept in it unless you choose another currency for it.
        </ChoiceForm>
      )}
    </section>
  );
}

/**
 * One setting: a card with what it decides, its choices and its own Save; read-only (its value,
 * no Save) for someone the server would refuse.
 */
function ChoiceForm<Answer>(props: {
  title: string;
  label: string;
  saved: string;
  options: SelectOption[];
  save: (value: string) => ReturnType<typeof keyedRequest<object, Answer>>;
  readOnly?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const { form, formProps, pending } = useAppForm({
    check: { schema: z.object({ value: z.string() }) },
    defaultValues: { value: props.saved },
    request: ({ value }) => (value === props.saved ? { unchanged: true } : props.save(value)),
    success: 'Settings saved',
    failure: 'Failed to save settings',
  });
  if (props.readOnly) {
    const shown = props.options.find((option) => option.value === props.saved)?.label;
    return (
      <Card className="space-y-4">
        <CardTitle>{props.title}</CardTitle>
        <p className="text-sm text-muted-foreground">{props.children}</p>
        <p>
          {props.label}: <span className="font-medium">{shown ?? props.saved}</span>
        </p>
      </Card>
    );
  }
  return (
    <Card className="space-y-4">
      <CardTitle>{props.title}</CardTitle>
      <p className="text-sm text-muted-foreground">{props.children}</p>
      <form {...formProps}>
        <FormSelect
          form={form}
          name="value"
          id={`${id}-value`}
          label={props.label}
          placeholder={`Choose a ${props.label.toLowerCase()}`}
          options={props.options}
        />
        <SubmitButton pending={pending} pendingLabel="Saving" className="w-auto">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}

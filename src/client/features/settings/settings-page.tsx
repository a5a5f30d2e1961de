import { useId } from 'react';
import { z } from 'zod';
import { Card, CardTitle } from '../../components/ui/card.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { deviceTimeZone, useBook, useUpdateBook } from '../../lib/book.js';
import { useSettings, useUpdateSettings } from '../../lib/settings.js';
import { browserLocale } from '../../lib/typed-amounts.js';
import { localeChoices, localeLabel } from './locale-choices.js';
import { timeZoneChoices } from './time-zone-choices.js';

/** The locale select's value for "my browser's". */
const BROWSER = 'browser';

/**
 * /settings (docs/settings.md): the person's locale, which decides how the amounts they type
 * are read (12,50 or 12.50), and the book's time zone, which decides what "today" is for every
 * entry. Each is saved on its own.
 */
export function SettingsPage() {
  const settings = useSettings();
  const book = useBook();
  return (
    <section aria-labelledby="settings-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="settings-heading" className="text-2xl font-bold">
        Settings
      </h1>
      {settings.data && <LocaleForm locale={settings.data.locale} />}
      {book.data && <TimeZoneForm timeZone={book.data.timeZone} />}
    </section>
  );
}

function LocaleForm(props: { locale: string | null }) {
  const id = useId();
  const update = useUpdateSettings();
  const { form, formProps, pending } = useAppForm({
    check: { schema: z.object({ locale: z.string() }) },
    defaultValues: { locale: props.locale ?? BROWSER },
    request: ({ locale }) => {
      const chosen = locale === BROWSER ? null : locale;
      if (chosen === props.locale) return { unchanged: true };
      return keyedRequest({ locale: chosen }, update.mutateAsync);
    },
    success: 'Settings saved',
    failure: 'Failed to save settings',
  });
  const options = [
    { value: BROWSER, label: `Your browser’s (${localeLabel(browserLocale())})` },
    ...localeChoices(props.locale),
  ];
  return (
    <Card className="space-y-4">
      <CardTitle>Numbers</CardTitle>
      <p className="text-sm text-muted-foreground">
        How the amounts you type are read: with a comma before the cents, 12,50 is twelve fifty. An
        amount that could be read two ways is refused, never guessed.
      </p>
      <form {...formProps}>
        <FormSelect
          form={form}
          name="locale"
          id={`${id}-locale`}
          label="Locale"
          placeholder="Choose a locale"
          options={options}
        />
        <SubmitButton pending={pending} pendingLabel="Saving" className="w-auto">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}

function TimeZoneForm(props: { timeZone: string | null }) {
  const id = useId();
  const update = useUpdateBook();
  const device = deviceTimeZone();
  const { form, formProps, pending } = useAppForm({
    check: { schema: z.object({ timeZone: z.string() }) },
    defaultValues: { timeZone: props.timeZone ?? device },
    request: ({ timeZone }) => {
      if (timeZone === props.timeZone) return { unchanged: true };
      return keyedRequest({ timeZone }, update.mutateAsync);
    },
    success: 'Settings saved',
    failure: 'Failed to save settings',
  });
  return (
    <Card className="space-y-4">
      <CardTitle>Time zone</CardTitle>
      <p className="text-sm text-muted-foreground">
        Your book’s days follow this time zone: a new entry is dated today there, and every list is
        sorted by the day things happened. This device is in {device}.
      </p>
      <form {...formProps}>
        <FormSelect
          form={form}
          name="timeZone"
          id={`${id}-time-zone`}
          label="Time zone"
          placeholder="Choose a time zone"
          options={timeZoneChoices(props.timeZone, device)}
        />
        <SubmitButton pending={pending} pendingLabel="Saving" className="w-auto">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}

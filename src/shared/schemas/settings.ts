import { z } from 'zod';
import { LOCALE_MAX } from '../limits.js';
import { envelope } from './common.js';

/**
 * A person's own settings, the same in every book they work in (docs/settings.md). The book's
 * time zone is the book's (PATCH /api/book), since everyone in a book shares its days.
 */

/** A BCP 47 tag the platform knows, stored in its canonical spelling (de-de -> de-DE). */
export const localeSchema = z
  .string({ error: 'locale must be text' })
  .trim()
  .min(1, { error: 'locale must not be empty: send null for the browser’s' })
  .max(LOCALE_MAX, { error: `locale must be at most ${LOCALE_MAX} characters` })
  .refine(isKnownLocale, { error: 'locale must be a language tag such as en-US or de-DE' })
  .transform((tag) => Intl.getCanonicalLocales(tag)[0] ?? tag)
  .meta({ example: 'de-DE' });

function isKnownLocale(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    // A well-formed tag the platform has no data for would format as something else: refused.
    return canonical !== undefined && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0;
  } catch {
    return false;
  }
}

export const settingsSchema = z
  .object({
    locale: z.string().nullable().meta({
      description:
        'How amounts are typed and numbers and dates are written for you (BCP 47, e.g. de-DE); null: your browser’s',
    }),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

export const settingsOutput = envelope(settingsSchema);

/** PATCH /api/settings: every field is optional, at least one is sent. */
export const updateSettingsInput = z
  .object({ locale: localeSchema.nullable().optional() })
  .refine((input) => input.locale !== undefined, { error: 'Nothing to change: send locale' });
export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;

import { exampleAmount, numberMarksOf } from '../../../shared/typed-amount.js';

/**
 * The locales offered on the settings screen: the common ways of writing amounts (a point or a
 * comma before the cents; commas, points, spaces or apostrophes between thousands; India's
 * 1,00,000). The API takes any BCP 47 tag; a person with another one keeps it.
 */
const OFFERED = [
  'en-US',
  'en-GB',
  'en-IN',
  'en-AU',
  'en-CA',
  'en-NZ',
  'fr-CA',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'tr-TR',
  'ja-JP',
  'zh-CN',
  'ko-KR',
] as const;

export interface LocaleChoice {
  value: string;
  label: string;
}

/** "German (Germany): 1.234,56": the locale's name in English and how it writes an amount. */
export function localeLabel(locale: string): string {
  let name = locale;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    // A tag the browser cannot name is shown as the tag itself.
  }
  return `${name}: ${exampleAmount(numberMarksOf(locale))}`;
}

/** The offered locales, with `current` first among them when it is not one of them. */
export function localeChoices(current: string | null): LocaleChoice[] {
  const tags: string[] = [...OFFERED];
  if (current && !tags.includes(current)) tags.unshift(current);
  return tags.map((tag) => ({ value: tag, label: localeLabel(tag) }));
}

import { BOOK_CURRENCY_CODES } from './currency-codes.js';
import type { SelectOption } from '../ui/select.js';

/**
 * The currencies a book may be kept in (every current ISO 4217 code), each with its name in the
 * person's locale ("JPY – Japanese Yen", in German "JPY – Japanischer Yen"). The code leads, so
 * typing it in the closed select jumps to it.
 */
export function currencyChoices(locale: string): SelectOption[] {
  const name = currencyNamer(locale);
  return BOOK_CURRENCY_CODES.map((code) => ({ value: code, label: `${code} – ${name(code)}` }));
}

function currencyNamer(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'currency', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    // A browser without currency names: the code alone says which it is.
    return (code) => code;
  }
}

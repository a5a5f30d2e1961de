import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent } from './currencies.js';
import { MAX_EXACT_MINOR_UNITS } from './currency-money.js';
import {
  createMoneyFormatter,
  formatMoneyIn,
  intlFormatsDecimalText,
  moneyFormatter,
} from './money-display.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const locales = ['en-US', 'de-DE', 'fr-FR', 'en-IN', 'ja-JP', 'de-CH'];
const currencies = ['USD', 'EUR', 'JPY', 'KRW', 'KWD', 'IQD', 'BHD', 'CLF'];

/** The digits a figure shows, in order, read from its parts (symbols and marks left out). */
function shownDigits(parts: Intl.NumberFormatPart[]): { whole: string; fraction: string } {
  const of = (type: string) =>
    parts
      .filter((part) => part.type === type)
      .map((part) => part.value)
      .join('');
  return { whole: of('integer'), fraction: of('fraction') };
}

describe('formatMoneyIn', () => {
  it('writes money as the person’s locale does, for the amount’s currency', () => {
    expect(formatMoneyIn(123456n, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoneyIn(-123456n, 'USD', 'en-US')).toBe('-$1,234.56');
    expect(formatMoneyIn(123456n, 'EUR', 'de-DE')).toBe(`1.234,56${NBSP}€`);
    expect(formatMoneyIn(1000n, 'JPY', 'en-US')).toBe('¥1,000');
    expect(formatMoneyIn(-1234567n, 'KWD', 'fr-FR')).toBe(`-1${NNBSP}234,567${NBSP}KWD`);
    expect(formatMoneyIn(1000000000n, 'INR', 'en-IN')).toBe('₹1,00,00,000.00');
  });

  it('shows exactly the ISO exponent’s decimals, not CLDR’s digits', () => {
    // CLDR shows IQD without decimals; ISO 4217 gives it three, so a fils is never hidden.
    expect(formatMoneyIn(1234500n, 'IQD', 'en-US')).toBe(`IQD${NBSP}1,234.500`);
    expect(formatMoneyIn(1n, 'IQD', 'en-US')).toBe(`IQD${NBSP}0.001`);
    expect(formatMoneyIn(5n, 'CLF', 'en-US')).toBe(`CLF${NBSP}0.0005`);
    expect(formatMoneyIn(0n, 'KRW', 'en-US')).toBe('₩0');
  });

  it('formats far past what a double holds, digit for digit', () => {
    expect(intlFormatsDecimalText()).toBe(true);
    expect(formatMoneyIn(2n ** 70n + 1n, 'USD', 'en-US')).toBe('$11,805,916,207,174,113,034.25');
    expect(formatMoneyIn(9007199254740993n, 'JPY', 'en-US')).toBe('¥9,007,199,254,740,993');
    expect(formatMoneyIn(-(10n ** 24n) - 1n, 'KWD', 'en-US')).toBe(
      `-KWD${NBSP}1,000,000,000,000,000,000,000.001`,
    );
  });

  it('shows every digit of the minor units and the exponent’s decimals, in any locale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        (minorUnits, locale, currency) => {
          const exponent = currencyExponent(currency);
          const parts = moneyFormatter(locale, currency).formatToParts(minorUnits);
          const { whole, fraction } = shownDigits(parts);
          const abs = minorUnits < 0n ? -minorUnits : minorUnits;
          expect(fraction.length).toBe(exponent);
          expect(BigInt(whole + fraction)).toBe(abs);
          expect(parts.some((part) => part.type === 'minusSign')).toBe(minorUnits < 0n);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives the same figures through a Number on a runtime without decimal text, within fifteen digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_EXACT_MINOR_UNITS, max: MAX_EXACT_MINOR_UNITS }),
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        (minorUnits, locale, currency) => {
          const exact = createMoneyFormatter(locale, currency, { decimalStrings: true });
          const viaNumber = createMoneyFormatter(locale, currency, { decimalStrings: false });
          expect(viaNumber.format(minorUnits)).toBe(exact.format(minorUnits));
        },
      ),
      { numRuns: 1000 },
    );
    // Past them it writes the digits itself rather than round.
    const old = createMoneyFormatter('en-US', 'USD', { decimalStrings: false });
    expect(old.format(2n ** 70n + 1n)).toBe('11,805,916,207,174,113,034.25 USD');
  });

  it('names the currency as asked, and reuses formatters', () => {
    expect(createMoneyFormatter('en-US', 'USD', { currencyDisplay: 'code' }).format(100n)).toBe(
      `USD${NBSP}1.00`,
    );
    expect(moneyFormatter('en-US', 'EUR')).toBe(moneyFormatter('en-US', 'EUR'));
    expect(() => moneyFormatter('en-US', 'XAU')).toThrow(RangeError);
  });
});

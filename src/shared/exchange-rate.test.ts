import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent } from './currencies.js';
import { MAX_EXACT_MINOR_UNITS } from './currency-money.js';
import {
  convertMinorUnits,
  crossRate,
  decimalRate,
  exchangeRate,
  impliedRate,
  invertRate,
  rateAsDecimalText,
  readDecimalRate,
  roundHalfEven,
  type ExchangeRate,
} from './exchange-rate.js';

const currencies = fc.constantFrom('JPY', 'KRW', 'USD', 'EUR', 'KWD', 'BHD', 'CLF');
const amounts = fc.bigInt({ min: -MAX_EXACT_MINOR_UNITS, max: MAX_EXACT_MINOR_UNITS });
/** Decimal rate text as rate files write it: up to 12 digits either side of the point. */
const rateTexts = fc
  .tuple(fc.stringMatching(/^[1-9][0-9]{0,5}$|^0$/), fc.stringMatching(/^[0-9]{0,12}$/))
  .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole))
  .filter((text) => /[1-9]/.test(text));

/** The value of decimal rate text as a fraction, read digit by digit for the reference. */
function referenceFraction(text: string): [bigint, bigint] {
  const [whole = '', fraction = ''] = text.split('.');
  return [BigInt(whole + fraction), 10n ** BigInt(fraction.length)];
}

/** Floor division for any signs (BigInt's `/` truncates toward zero). */
function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/**
 * The reference conversion, written another way: of the two integers around the exact value,
 * the nearer one, the even one on a tie.
 */
function referenceConversion(amount: bigint, from: string, to: string, rate: ExchangeRate): bigint {
  const n = amount * rate.numerator * 10n ** BigInt(currencyExponent(to));
  const d = rate.denominator * 10n ** BigInt(currencyExponent(from));
  const low = floorDiv(n, d);
  const twiceGap = 2n * (n - low * d); // 0 <= twiceGap < 2d
  if (twiceGap < d) return low;
  if (twiceGap > d) return low + 1n;
  return low % 2n === 0n ? low : low + 1n;
}

function converted(amount: bigint, from: string, to: string, rate: ExchangeRate): bigint {
  const outcome = convertMinorUnits(amount, from, to, rate);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.value;
}

describe('readDecimalRate', () => {
  it('reads decimal text as an exact fraction in lowest terms', () => {
    expect(decimalRate('1.0823')).toEqual({ numerator: 10823n, denominator: 10000n });
    expect(decimalRate('157.12')).toEqual({ numerator: 3928n, denominator: 25n });
    expect(decimalRate('0.000123')).toEqual({ numerator: 123n, denominator: 1000000n });
    expect(decimalRate('1.50')).toEqual({ numerator: 3n, denominator: 2n });
    expect(decimalRate('1')).toEqual({ numerator: 1n, denominator: 1n });
    expect(decimalRate('999999999999.999999999999')).toEqual(
      exchangeRate(999999999999999999999999n, 10n ** 12n),
    );
  });

  it('refuses what is not a plain positive decimal in its bounds, with the reason', () => {
    const reasons: Record<string, string> = {
      '': 'A rate is a decimal number such as 1.0823',
      '-1.2': 'A rate is a decimal number such as 1.0823',
      '+1.2': 'A rate is a decimal number such as 1.0823',
      '1e3': 'A rate is a decimal number such as 1.0823',
      '1,08': 'A rate is a decimal number such as 1.0823',
      '.5': 'A rate is a decimal number such as 1.0823',
      '5.': 'A rate is a decimal number such as 1.0823',
      ' 1.2': 'A rate is a decimal number such as 1.0823',
      NaN: 'A rate is a decimal number such as 1.0823',
      Infinity: 'A rate is a decimal number such as 1.0823',
      ['1'.repeat(41)]: 'A rate is a decimal number such as 1.0823',
      '0': 'A rate must be above 0',
      '0.000': 'A rate must be above 0',
      '1000000000000': 'A rate must be below 1,000,000,000,000',
      '0.0000000000001': 'A rate has at most 12 decimals',
    };
    for (const [text, reason] of Object.entries(reasons))
      expect(readDecimalRate(text), text).toEqual({ ok: false, reason });
    // Trailing zeros past the twelfth decimal say nothing more and are read.
    expect(readDecimalRate('1.50000000000000')).toEqual({ ok: true, value: decimalRate('1.5') });
    expect(() => decimalRate('1e3')).toThrow(RangeError);
  });

  it('reads every rate text to exactly its digits', () => {
    fc.assert(
      fc.property(rateTexts, (text) => {
        const [n, d] = referenceFraction(text);
        const rate = decimalRate(text);
        expect(rate.numerator * d).toBe(n * rate.denominator);
      }),
    );
  });
});

describe('roundHalfEven', () => {
  it('rounds to the nearest integer and ties to the even one, symmetric in sign', () => {
    const cases: [bigint, bigint, bigint][] = [
      [5n, 2n, 2n], // 2.5
      [7n, 2n, 4n], // 3.5
      [-5n, 2n, -2n],
      [-7n, 2n, -4n],
      [1n, 2n, 0n],
      [3n, 2n, 2n],
      [26n, 10n, 3n],
      [24n, 10n, 2n],
      [-26n, 10n, -3n],
      [0n, 7n, 0n],
      [14n, 7n, 2n],
    ];
    for (const [n, d, expected] of cases) expect(roundHalfEven(n, d), `${n}/${d}`).toBe(expected);
    expect(() => roundHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('is never further than half from the exact value, and even on a tie', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (n, d) => {
          const r = roundHalfEven(n, d);
          const twiceError = 2n * (n - r * d);
          expect(twiceError <= d && twiceError >= -d).toBe(true);
          if (twiceError === d || twiceError === -d) expect(r % 2n).toBe(0n);
        },
      ),
    );
  });
});

describe('convertMinorUnits', () => {
  it('converts across exponents, rounding half-even on the target’s minor unit', () => {
    // 1,000 JPY at 0.0020431 KWD per yen is 2.0431 KWD: 2.043.
    expect(converted(1000n, 'JPY', 'KWD', decimalRate('0.0020431'))).toBe(2043n);
    // 100.00 EUR at 157.12 is 15,712 JPY; 1.23 EUR is 193.2576: 193.
    expect(converted(10000n, 'EUR', 'JPY', decimalRate('157.12'))).toBe(15712n);
    expect(converted(123n, 'EUR', 'JPY', decimalRate('157.12'))).toBe(193n);
    // 12.345 KWD at 3.25 USD is 40.12125 USD: 40.12.
    expect(converted(12345n, 'KWD', 'USD', decimalRate('3.25'))).toBe(4012n);
    // 1 JPY at 1 is 1.0000 CLF.
    expect(converted(1n, 'JPY', 'CLF', decimalRate('1'))).toBe(10000n);
  });

  it('breaks ties to the even minor unit, both ways of zero', () => {
    const one = decimalRate('1');
    // 1.50, 2.50, 3.50 USD at 1 are 1.5, 2.5, 3.5 JPY: 2, 2, 4.
    expect(converted(150n, 'USD', 'JPY', one)).toBe(2n);
    expect(converted(250n, 'USD', 'JPY', one)).toBe(2n);
    expect(converted(350n, 'USD', 'JPY', one)).toBe(4n);
    expect(converted(-250n, 'USD', 'JPY', one)).toBe(-2n);
    expect(converted(-350n, 'USD', 'JPY', one)).toBe(-4n);
    // 0.05 EUR at 0.5 is 0.025 GBP: 0.02; 0.07 at 0.5 is 0.035: 0.04.
    expect(converted(5n, 'EUR', 'GBP', decimalRate('0.5'))).toBe(2n);
    expect(converted(7n, 'EUR', 'GBP', decimalRate('0.5'))).toBe(4n);
  });

  it('agrees with a BigInt reference written another way, for every pair and rate', () => {
    fc.assert(
      fc.property(amounts, currencies, currencies, rateTexts, (amount, from, to, text) => {
        const rate = decimalRate(text);
        const outcome = convertMinorUnits(amount, from, to, rate);
        const expected = referenceConversion(amount, from, to, rate);
        if (expected > MAX_EXACT_MINOR_UNITS || expected < -MAX_EXACT_MINOR_UNITS)
          expect(outcome.ok).toBe(false);
        else expect(outcome).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 3000 },
    );
  });

  it('is symmetric in sign and never decreasing in the amount', () => {
    fc.assert(
      fc.property(amounts, amounts, currencies, currencies, rateTexts, (a, b, from, to, text) => {
        const rate = decimalRate(text);
        const ca = convertMinorUnits(a, from, to, rate);
        const cNegA = convertMinorUnits(-a, from, to, rate);
        const cb = convertMinorUnits(b, from, to, rate);
        if (ca.ok && cNegA.ok) expect(cNegA.value).toBe(-ca.value);
        if (ca.ok && cb.ok && a <= b) expect(ca.value <= cb.value).toBe(true);
      }),
    );
  });

  it('keeps an amount at rate 1 within one currency, and at 10^k shifts it exactly', () => {
    fc.assert(
      fc.property(amounts, currencies, (amount, currency) => {
        expect(converted(amount, currency, currency, decimalRate('1'))).toBe(amount);
      }),
    );
    // JPY to USD at 1: 1,234 yen is 1,234.00 dollars; and back.
    expect(converted(1234n, 'JPY', 'USD', decimalRate('1'))).toBe(123400n);
    expect(converted(123400n, 'USD', 'JPY', decimalRate('1'))).toBe(1234n);
  });

  it('refuses amounts and results past fifteen digits, with the reason', () => {
    expect(convertMinorUnits(MAX_EXACT_MINOR_UNITS + 1n, 'USD', 'EUR', decimalRate('1'))).toEqual({
      ok: false,
      reason: 'An amount to convert must be at most 9,999,999,999,999.99 USD',
    });
    expect(convertMinorUnits(MAX_EXACT_MINOR_UNITS, 'USD', 'JPY', decimalRate('157.12'))).toEqual({
      ok: false,
      reason: 'The converted amount passes 999,999,999,999,999 JPY',
    });
    expect(convertMinorUnits(-MAX_EXACT_MINOR_UNITS, 'KWD', 'KWD', decimalRate('1'))).toEqual({
      ok: true,
      value: -MAX_EXACT_MINOR_UNITS,
    });
  });
});

describe('rates of other pairs', () => {
  it('inverts exactly, without rounding the inverse', () => {
    const eurUsd = decimalRate('1.0823');
    expect(invertRate(eurUsd)).toEqual({ numerator: 10000n, denominator: 10823n });
    expect(invertRate(invertRate(eurUsd))).toEqual(eurUsd);
    // 100.00 USD in EUR at 1/1.0823 is 92.396748...: 92.40, not a rounded inverse's figure.
    expect(converted(10000n, 'USD', 'EUR', invertRate(eurUsd))).toBe(9240n);
  });

  it('crosses through a common base exactly', () => {
    // EUR to JPY 157.12 and EUR to USD 1.0823 make USD to JPY 157.12 / 1.0823.
    const usdJpy = crossRate(decimalRate('1.0823'), decimalRate('157.12'));
    expect(usdJpy).toEqual(exchangeRate(1571200n, 10823n));
    // 100.00 USD is 14,517.2318... JPY: 14,517.
    expect(converted(10000n, 'USD', 'JPY', usdJpy)).toBe(14517n);
    fc.assert(
      fc.property(rateTexts, rateTexts, (a, b) => {
        const baseToA = decimalRate(a);
        const baseToB = decimalRate(b);
        const aToB = crossRate(baseToA, baseToB);
        // (base to A) * (A to B) is (base to B), as exact fractions.
        expect(baseToA.numerator * aToB.numerator * baseToB.denominator).toBe(
          baseToB.numerator * baseToA.denominator * aToB.denominator,
        );
        expect(crossRate(baseToA, baseToA)).toEqual({ numerator: 1n, denominator: 1n });
      }),
    );
  });

  it('takes the rate a transfer implies from its two amounts', () => {
    // Sent 100.00 EUR, received 15,712 JPY: 157.12 yen per euro.
    expect(impliedRate(10000n, 'EUR', 15712n, 'JPY')).toEqual(decimalRate('157.12'));
    // Sent 1,000 JPY, received 2.043 KWD.
    expect(impliedRate(1000n, 'JPY', 2043n, 'KWD')).toEqual(decimalRate('0.002043'));
    expect(() => impliedRate(0n, 'EUR', 1n, 'USD')).toThrow(RangeError);
  });

  it('writes a fraction as rate text: exact when it can be, else half-even on the twelfth digit', () => {
    expect(rateAsDecimalText(decimalRate('157.12'))).toEqual({
      ok: true,
      value: { text: '157.12', exact: true },
    });
    expect(rateAsDecimalText(invertRate(decimalRate('1.0823')))).toEqual({
      ok: true,
      value: { text: '0.923958237088', exact: false },
    });
    // A tie on the twelfth significant digit goes to the even one.
    expect(rateAsDecimalText(exchangeRate(1234567890125n, 10n ** 13n))).toEqual({
      ok: true,
      value: { text: '0.123456789012', exact: false },
    });
    expect(rateAsDecimalText(exchangeRate(1234567890135n, 10n ** 13n))).toEqual({
      ok: true,
      value: { text: '0.123456789014', exact: false },
    });
    expect(rateAsDecimalText(exchangeRate(2n, 3n))).toEqual({
      ok: true,
      value: { text: '0.666666666667', exact: false },
    });
    expect(rateAsDecimalText(exchangeRate(10n ** 12n, 1n))).toMatchObject({ ok: false });
    expect(rateAsDecimalText(exchangeRate(1n, 10n ** 13n))).toMatchObject({ ok: false });
    fc.assert(
      fc.property(rateTexts, (text) => {
        const rate = decimalRate(text);
        const written = rateAsDecimalText(rate);
        if (!written.ok) throw new Error(written.reason);
        // Every rate text reads back as the rate it was written from when that had 12 digits.
        if (written.value.exact) expect(decimalRate(written.value.text)).toEqual(rate);
        const [n] = referenceFraction(text);
        const digits = n.toString().replace(/^0+/, '').replace(/0+$/, '');
        if (digits.length <= 12) expect(written.value.exact).toBe(true);
        expect(readDecimalRate(written.value.text).ok).toBe(true);
      }),
    );
  });
});

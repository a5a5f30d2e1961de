/**
 * The currencies of ISO 4217 and their minor-unit exponents (JPY 0, USD 2, KWD 3, CLF 4).
 *
 * A hand-kept table rather than `Intl`'s digits: Intl follows CLDR, which shows some currencies with
 * fewer decimals than ISO defines (IQD, RSD, ...), and an amount's exponent decides how many minor
 * units it is, so it must be the standard's. Funds codes (BOV, CHE, ...) are real ISO codes and
 * stay; precious metals, SDRs and test codes (XAU, XDR, XTS, XXX) have no minor unit and are not
 * money an account can hold. See docs/money.md#currencies.
 */

/** Current ISO 4217 codes, grouped by exponent; every code not listed under 0, 3 or 4 has 2. */
const ZERO_DECIMALS = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const THREE_DECIMALS = 'BHD IQD JOD KWD LYD OMR TND';
const FOUR_DECIMALS = 'CLF UYW';
const TWO_DECIMALS =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN ' +
  'BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP ' +
  'GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP ' +
  'LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR ' +
  'NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN ' +
  'SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ' +
  'ZMW ZWG';

/**
 * Withdrawn codes that still appear in old statements and rate files (the ECB's full history quotes
 * CYP, EEK, ... until the euro replaced them). A rate may name them; a new account may not.
 */
const WITHDRAWN_ZERO_DECIMALS = 'TRL';
const WITHDRAWN_TWO_DECIMALS =
  'CUC CYP DEM EEK ESP FIM FRF GRD HRK IEP ITL LTL LVL MRO MTL NLG ROL SIT SKK SLL STD VEF ZWL';

export type CurrencyExponent = 0 | 2 | 3 | 4;

function codes(list: string): string[] {
  return list.split(' ');
}

function exponentTable(
  groups: ReadonlyArray<readonly [string, CurrencyExponent]>,
): ReadonlyMap<string, CurrencyExponent> {
  const table = new Map<string, CurrencyExponent>();
  for (const [list, exponent] of groups) {
    for (const code of codes(list)) table.set(code, exponent);
  }
  return table;
}

// Marked pure so a bundle that never asks for an exponent leaves the tables out.
const CURRENT = /* @__PURE__ */ exponentTable([
  [ZERO_DECIMALS, 0],
  [TWO_DECIMALS, 2],
  [THREE_DECIMALS, 3],
  [FOUR_DECIMALS, 4],
]);

const WITHDRAWN = /* @__PURE__ */ exponentTable([
  [WITHDRAWN_ZERO_DECIMALS, 0],
  [WITHDRAWN_TWO_DECIMALS, 2],
]);

function sortedCodes(table: ReadonlyMap<string, CurrencyExponent>): string[] {
  return [...table.keys()].sort();
}

/** Every current code in alphabetical order: what an account or a book may be kept in. */
export const CURRENCY_CODES: readonly string[] = /* @__PURE__ */ sortedCodes(CURRENT);

/** The currency of every book and account that existed before currencies (docs/money.md). */
export const DEFAULT_CURRENCY = 'USD';

/** Whether an account or a book may be kept in this code (current ISO 4217, upper case). */
export function isCurrencyCode(code: string): boolean {
  return CURRENT.has(code);
}

/** Whether a rate may name this code: a current one or one withdrawn that old files still quote. */
export function isRateCurrencyCode(code: string): boolean {
  return CURRENT.has(code) || WITHDRAWN.has(code);
}

/**
 * The exponent of a code already known to be money (one the API answered: an account's, an
 * entry's, the book's): 2 unless listed under 0, 3 or 4. It reads only those short lists, so a
 * screen that writes figures carries no table of every code (docs/money.md#display); a code not
 * yet checked goes through currencyExponent, which refuses what is not a currency.
 */
export function knownCurrencyExponent(code: string): CurrencyExponent {
  const listed = (list: string) => ` ${list} `.includes(` ${code} `);
  if (listed(ZERO_DECIMALS) || listed(WITHDRAWN_ZERO_DECIMALS)) return 0;
  if (listed(THREE_DECIMALS)) return 3;
  if (listed(FOUR_DECIMALS)) return 4;
  return 2;
}

/** The number of decimals of a currency's minor unit; throws for a code that is not money. */
export function currencyExponent(code: string): CurrencyExponent {
  const exponent = CURRENT.get(code) ?? WITHDRAWN.get(code);
  if (exponent === undefined) throw new RangeError(`Not an ISO 4217 currency: ${code}`);
  return exponent;
}

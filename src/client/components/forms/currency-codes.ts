/**
 * Every current ISO 4217 code, alphabetical: what a book may be kept in. A copy of
 * CURRENCY_CODES (src/shared/currencies.ts), kept equal by currency-codes.test.ts. A copy because
 * currencies.ts is in the entry chunk's module graph (every amount's rules import it): whatever a
 * lazy screen uses of it is emitted into the first load of every page, and its table is about
 * 0.8 KiB gzip that only this screen needs (docs/money.md#base-currency).
 */
const CODES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV ' +
  'BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK ' +
  'DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL ' +
  'HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
  'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR ' +
  'MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF ' +
  'SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP ' +
  'TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG ' +
  'XOF XPF YER ZAR ZMW ZWG';

export const BOOK_CURRENCY_CODES: readonly string[] = CODES.split(' ');

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { RATE_FILE_BYTES_MAX } from '../../../shared/schemas/rate.js';
import { readEcbRateFile, RATE_FILE_MESSAGES } from './ecb-file.js';
import type { EcbRates } from './ecb-rates.js';
import { ecbHistory } from '../../../../tests/helpers/ecb-files.js';
import { cpuMs } from '../../../../tests/helpers/cpu-time.js';

// The ECB reference-rate readers (docs/rates.md#ecb-files): every layout the ECB publishes, read
// exactly (rates as the text the file has), and every malformed file refused saying where.

const fixtureBytes = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/rates/${name}`, import.meta.url));
const read = (text: string | Uint8Array) =>
  readEcbRateFile(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

/** The rates of one day as `{ USD: '1.0823', ... }`. */
function dayOf(rates: EcbRates, day: string): Record<string, string> {
  const found: Record<string, string> = {};
  rates.days.forEach((d, i) => {
    if (d === day) found[rates.currencies[i] ?? ''] = rates.rates[i] ?? '';
  });
  return found;
}

function refusal(text: string | Uint8Array): string {
  try {
    read(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNPROCESSABLE');
    return (error as AppError).message;
  }
  throw new Error('the file was read');
}

describe('the ECB layouts', () => {
  it('reads the daily CSV: spaced cells, a spelled-out date, a trailing comma', () => {
    const rates = read(fixtureBytes('eurofxref.csv'));
    expect(rates).toMatchObject({ format: 'csv', dayCount: 1, firstDay: '2026-11-27' });
    expect(rates.rates).toHaveLength(30);
    expect(dayOf(rates, '2026-11-27')).toMatchObject({
      USD: '1.0823',
      JPY: '157.12',
      GBP: '0.85373',
      SEK: '11.0450',
      IDR: '17820.45',
    });
  });

  it('reads the full-history CSV: N/A skipped and counted, withdrawn codes kept, newest first', () => {
    const rates = read(fixtureBytes('eurofxref-hist.csv'));
    expect(rates).toMatchObject({
      format: 'csv',
      dayCount: 6,
      firstDay: '1999-01-04',
      lastDay: '2026-11-27',
    });
    expect(rates.rates.length + rates.skippedNotAvailable).toBe(6 * 41);
    expect(dayOf(rates, '1999-01-04')).toMatchObject({
      CYP: '0.58231',
      TRL: '0.3723',
      ROL: '1.3111',
    });
    expect(dayOf(rates, '1999-01-04').BGN).toBeUndefined();
    expect(dayOf(rates, '2022-02-28')).toMatchObject({ RUB: '117.2470', USD: '1.1240' });
    expect(dayOf(rates, '2026-11-27').RUB).toBeUndefined();
  });

  it('reads the three XML files: single or double quotes, tabs or one line', () => {
    const daily = read(fixtureBytes('eurofxref-daily.xml'));
    expect(daily).toMatchObject({ format: 'xml', dayCount: 1, lastDay: '2026-11-27' });
    expect(daily.rates).toHaveLength(30);
    expect(dayOf(daily, '2026-11-27')).toEqual(
      dayOf(read(fixtureBytes('eurofxref.csv')), '2026-11-27'),
    );

    const ninety = read(fixtureBytes('eurofxref-hist-90d.xml'));
    expect(ninety).toMatchObject({ dayCount: 4, firstDay: '2026-11-24', skippedNotAvailable: 0 });
    expect(dayOf(ninety, '2026-11-26')).toEqual({ USD: '1.0798', JPY: '156.80', GBP: '0.85290' });

    const history = read(fixtureBytes('eurofxref-hist.xml'));
    expect(history).toMatchObject({ dayCount: 3, firstDay: '1999-01-04' });
    expect(dayOf(history, '2007-12-31')).toEqual({
      USD: '1.4721',
      JPY: '164.93',
      CYP: '0.58527',
      EEK: '15.6466',
    });
  });

  it('reads a rate Cube written any other well-formed way alike (attribute order, spaces)', () => {
    const envelope = (cubes: string) =>
      `<gesmes:Envelope><Cube><Cube time="2026-11-27">${cubes}</Cube></Cube></gesmes:Envelope>`;
    const usual = read(
      envelope(`<Cube currency="USD" rate="1.0823"/><Cube currency='JPY' rate='157.12'/>`),
    );
    const unusual = read(
      envelope(
        `<Cube rate="1.0823"  currency="USD" /><Cube\n currency='JPY'\trate='157.12'></Cube>`,
      ),
    );
    expect(unusual).toEqual(usual);
    expect(usual.rates).toEqual(['1.0823', '157.12']);
  });

  it('takes a byte order mark, CRLF line ends and blank lines at the end', () => {
    const csv = fixtureBytes('eurofxref-hist.csv').toString('utf8');
    const windows = `\uFEFF${csv.replaceAll('\n', '\r\n')}\r\n\r\n`;
    const rates = read(windows);
    expect(rates.rates).toEqual(read(csv).rates);
    expect(
      read(`\uFEFF${fixtureBytes('eurofxref-daily.xml').toString('utf8')}`).rates,
    ).toHaveLength(30);
  });

  it('reads a history without the trailing comma the same way', () => {
    const withComma = 'Date,USD,JPY,\n2026-11-27,1.0823,N/A,\n';
    const without = 'Date,USD,JPY\n2026-11-27,1.0823,N/A\n';
    expect(read(without)).toEqual(read(withComma));
    expect(read(without)).toMatchObject({ rates: ['1.0823'], skippedNotAvailable: 1 });
  });

  it('reads a generated full history (6,700 days x 41 columns) in both layouts alike', () => {
    const history = ecbHistory({ days: 6_700 });
    const fromCsv = read(history.csv);
    const fromXml = read(history.xml);
    expect(fromCsv).toMatchObject({ dayCount: 6_700, skippedNotAvailable: history.notAvailable });
    expect(fromCsv.rates).toHaveLength(history.rates);
    expect({ ...fromXml, format: 'csv', skippedNotAvailable: history.notAvailable }).toEqual(
      fromCsv,
    );
  });
});

describe('malformed files are refused, saying where', () => {
  const cases: [string, string, string][] = [
    ['a rate with a comma', 'Date,USD,\n2026-11-27,"1,08",\n', 'line 2: quoted cells'],
    [
      'a rate that is no number',
      'Date,USD,\n2026-11-27,1.08x,\n',
      'line 2, USD: "1.08x" is not a rate',
    ],
    ['a zero rate', 'Date,USD,\n2026-11-27,0.0000,\n', 'line 2, USD: "0.0000" is not a rate'],
    ['a negative rate', 'Date,USD,\n2026-11-27,-1.08,\n', 'line 2, USD: "-1.08" is not a rate'],
    ['an exponent', 'Date,USD,\n2026-11-27,1e3,\n', 'line 2, USD: "1e3" is not a rate'],
    ['an empty cell', 'Date,USD,JPY,\n2026-11-27,,157.12,\n', 'line 2, USD: the rate is empty'],
    [
      'a missing cell',
      'Date,USD,JPY,\n2026-11-27,1.08,\n',
      'line 2: 3 cells where the header has 4',
    ],
    [
      'an unknown currency',
      'Date,USD,XYZ,\n2026-11-27,1.08,2,\n',
      'line 1, column 3: "XYZ" is not an ISO 4217',
    ],
    [
      'EUR quoted against itself',
      'Date,EUR,\n2026-11-27,1,\n',
      'line 1, column 2: EUR is the base',
    ],
    [
      'a currency twice',
      'Date,USD,USD,\n2026-11-27,1,1,\n',
      'line 1, column 3: USD is in the header twice',
    ],
    [
      'a day twice',
      'Date,USD,\n2026-11-27,1.08,\n2026-11-27,1.09,\n',
      'line 3: 2026-11-27 is in the file twice (line 2)',
    ],
    [
      'a date the ECB does not write',
      'Date,USD,\n27/11/2026,1.08,\n',
      'line 2, Date: "27/11/2026" is not a date',
    ],
    [
      'a day that does not exist',
      'Date,USD,\n2026-02-30,1.08,\n',
      'line 2, Date: "2026-02-30" is not a date',
    ],
    [
      'a blank line between rows',
      'Date,USD,\n2026-11-27,1.08,\n\n2026-11-26,1.07,\n',
      'line 3: a blank line between rows',
    ],
    ['a header alone', 'Date,USD,\n', 'it has no day of rates'],
    [
      'a header without Date',
      'Dates,USD,\n2026-11-27,1.08,\n',
      'line 1: the header must start with "Date"',
    ],
    [
      'a rate Cube outside a day',
      '<gesmes:Envelope><Cube><Cube currency="USD" rate="1.08"/></Cube></gesmes:Envelope>',
      'line 1: <Cube> here takes time',
    ],
    [
      'a day without rates closed wrongly',
      '<gesmes:Envelope><Cube><Cube time="2026-11-27">\n<Cube currency="USD" rate="1.08"/></Cube></gesmes:Envelope>',
      'line 2: </gesmes:Envelope> where </Cube> should close',
    ],
    [
      'an XML rate that is no number',
      '<gesmes:Envelope><Cube>\n<Cube time="2026-11-27">\n<Cube currency="USD" rate="1,0823"/></Cube></Cube></gesmes:Envelope>',
      'line 3, USD: "1,0823" is not a rate',
    ],
    [
      'a DOCTYPE',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><gesmes:Envelope/>',
      'line 1: a DOCTYPE',
    ],
    [
      'an entity in an attribute',
      '<gesmes:Envelope><Cube><Cube time="2026-11-27"><Cube currency="USD" rate="&a;"/></Cube></Cube></gesmes:Envelope>',
      'holds markup',
    ],
    [
      'an element the ECB does not write',
      '<gesmes:Envelope><Rates/></gesmes:Envelope>',
      'line 1: <Rates> is not expected inside <gesmes:Envelope>',
    ],
    [
      'a file cut short',
      '<gesmes:Envelope><Cube><Cube time="2026-11-27"><Cube currency="USD" rate="1.08"/>',
      'the end of the file: <Cube> is not closed',
    ],
    [
      'another encoding declared',
      '<?xml version="1.0" encoding="ISO-8859-1"?><gesmes:Envelope/>',
      'the file says it is ISO-8859-1',
    ],
  ];
  it.each(cases)('%s', (_name, text, message) => {
    expect(refusal(text)).toContain(message);
    expect(refusal(text)).toMatch(/^The rate file cannot be read: /);
  });

  it('refuses what is no ECB file at all with what it looks like', () => {
    expect(refusal('')).toBe(RATE_FILE_MESSAGES.empty);
    expect(refusal('   \n')).toBe(RATE_FILE_MESSAGES.empty);
    expect(refusal('Datum;USD\n')).toBe(RATE_FILE_MESSAGES.unknownLayout);
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe(RATE_FILE_MESSAGES.zip);
    expect(refusal(Buffer.from([0x44, 0x61, 0x74, 0x65, 0xff, 0xfe]))).toBe(
      RATE_FILE_MESSAGES.notUtf8,
    );
    expect(refusal(new Uint8Array(RATE_FILE_BYTES_MAX + 1))).toBe(RATE_FILE_MESSAGES.tooLarge);
  });

  it('stays linear on shapes that stall backtracking readers', () => {
    const manyCommas = `Date,USD,\n2026-11-27,${','.repeat(2_000_000)}\n`;
    const manyOpens = `<gesmes:Envelope>${'<'.repeat(2_000_000)}`;
    const longAttribute = `<gesmes:Envelope><Cube><Cube time="${'9'.repeat(900)}"/></Cube></gesmes:Envelope>`;
    const used = cpuMs(() => {
      expect(refusal(manyCommas)).toContain('line 2: 2000002 cells where the header has 3');
      expect(refusal(manyOpens)).toContain('line 1');
      expect(refusal(longAttribute)).toContain('line 1, time: "9999');
    });
    // A bound a busy machine cannot miss: linear work here is a few tens of milliseconds.
    expect(used).toBeLessThan(2_000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  decideDateOrder,
  fullYear,
  guessDateOrder,
  looksLikeDate,
  parseDate,
  twoDigitYearChoice,
  twoDigitYearWindow,
} from './dates.js';

const TODAY = '2026-11-25';

describe('two-digit years', () => {
  it('reads the year nearest to today, never more than a year ahead (regression: 97 was 2097)', () => {
    expect(parseDate('10/11/97', 'mdy', TODAY)).toBe('1997-10-11');
    expect(parseDate('11.10.97', 'dmy', TODAY)).toBe('1997-10-11');
    expect(parseDate('97-10-11', 'ymd', TODAY)).toBe('1997-10-11');
  });

  it.each([
    ['97', 1997],
    ['99', 1999],
    ['00', 2000],
    ['5', 2005],
    ['25', 2025],
    ['26', 2026],
    ['27', 2027],
    ['28', 1928],
    ['50', 1950],
  ])('on %s the year %s is %i', (written, year) => {
    expect(fullYear(written, TODAY)).toBe(year);
  });

  it('moves with today: the window is today − 98 to today + 1', () => {
    expect(twoDigitYearWindow(TODAY)).toEqual([1928, 2027]);
    expect(fullYear('00', '2099-06-01')).toBe(2100);
    expect(fullYear('01', '2099-06-01')).toBe(2001);
    expect(fullYear('99', '2099-06-01')).toBe(2099);
    expect(fullYear('27', '2026-01-01')).toBe(2027);
    expect(fullYear('1997', TODAY)).toBe(1997);
  });

  it('reports how they were read, informing only', () => {
    expect(twoDigitYearChoice(['10/11/97', '01/15/26', '2026-01-05'], 'mdy', TODAY)).toEqual({
      kind: 'twoDigitYears',
      answer: '',
      chosen: '1928–2027',
      options: [],
      evidence:
        'Two-digit years read as 1997 to 2026: the nearest century to today (2026-11-25), never more than a year ahead',
      needsAnswer: false,
      rows: 2,
    });
    expect(twoDigitYearChoice(["1/ 5'97"], 'mdy', TODAY)?.evidence).toMatch(
      /^Two-digit years read as 1997:/,
    );
    expect(twoDigitYearChoice(['2026-01-05', '05/01/2026'], 'dmy', TODAY)).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    ["1/ 5'97", 'mdy', '1997-01-05'],
    ["D1/ 5'97".slice(1), 'mdy', '1997-01-05'],
    [" 1/15' 4", 'mdy', '2004-01-15'],
    ['01/05/1997', 'mdy', '1997-01-05'],
    ['01/05/1997', 'dmy', '1997-05-01'],
    ['1.5.97', 'dmy', '1997-05-01'],
    ['2026-01-05', 'dmy', '2026-01-05'],
    ['2026-01-05', 'mdy', '2026-01-05'],
    ['2026/1/5', 'mdy', '2026-01-05'],
    ['20260105', 'dmy', '2026-01-05'],
    ['2026-01-05T10:00:00Z', 'ymd', '2026-01-05'],
    ['05.01.2026 10:15', 'dmy', '2026-01-05'],
    ['29.02.2024', 'dmy', '2024-02-29'],
  ] as const)('%s (%s) is %s', (raw, order, date) => {
    expect(parseDate(raw, order, TODAY)).toBe(date);
  });

  it.each([
    ['31/04/2026', 'dmy'],
    ['29.02.2026', 'dmy'],
    ['13/13/2026', 'dmy'],
    ['1899-12-31', 'ymd'],
    ['3000-01-01', 'ymd'],
    ['0/1/2026', 'mdy'],
    ['1/5', 'mdy'],
    ['1/5/97x', 'mdy'],
    ['1/5/97/3', 'mdy'],
    ['12345/1/1', 'mdy'],
    ['2026-01-05abc', 'ymd'],
    ['Mar 5, 2026', 'mdy'],
    ['', 'mdy'],
  ] as const)('%s (%s) is not a date', (raw, order) => {
    expect(parseDate(raw, order, TODAY)).toBeNull();
  });

  it('looks like a date when it has the shape of one', () => {
    expect(looksLikeDate('02.03.2026')).toBe(true);
    expect(looksLikeDate('Amount')).toBe(false);
  });

  it('reads a 40 KB field in bounded time (regression: /[T\\s].*$/ backtracked quadratically)', () => {
    const field = `2026-01-05${' '.repeat(40_000)}\nx`;
    const started = performance.now();
    for (let i = 0; i < 4; i += 1) parseDate(field, 'ymd', TODAY);
    decideDateOrder([field, field, field, field], { fallback: 'dmy', answer: '', today: TODAY });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('decideDateOrder', () => {
  const decide = (
    samples: string[],
    fallback: 'dmy' | 'mdy' = 'dmy',
    given?: 'dmy' | 'mdy' | 'ymd',
  ) => decideDateOrder(samples, { fallback, given, answer: 'reading.dateOrder', today: TODAY });

  it('years first: y-m-d, nothing to ask', () => {
    expect(decide(['2026-03-02', '2026-03-15'], 'mdy')).toEqual({ order: 'ymd', choice: null });
  });

  it('a day above 12 in first place settles d-m-y; in second place m-d-y', () => {
    expect(decide(['02/03/2026', '13/03/2026'], 'mdy')).toEqual({ order: 'dmy', choice: null });
    expect(decide(['03/02/2026', '03/13/2026'], 'dmy')).toEqual({ order: 'mdy', choice: null });
  });

  it('decides from every date, not the first few', () => {
    const dates = [...Array.from({ length: 500 }, () => '02.03.26'), '28.02.26'];
    expect(decide(dates, 'mdy').order).toBe('dmy');
  });

  it('no day above 12 and the readings differ: the fallback, and a question with the rows it changes', () => {
    expect(decide(['02.03.26', '05.03.26', '03.03.26', '01.04.26'])).toEqual({
      order: 'dmy',
      choice: {
        kind: 'dateOrder',
        answer: 'reading.dateOrder',
        chosen: 'dmy',
        options: ['dmy', 'mdy', 'ymd'],
        evidence:
          'Dates read as day.month.year: no day above 12 in this file; 3 rows would change if read as month.day.year',
        needsAnswer: true,
        rows: 3,
      },
    });
    expect(decide(['02/03/2026'], 'mdy').choice?.evidence).toBe(
      'Dates read as month.day.year: no day above 12 in this file; 1 row would change if read as day.month.year',
    );
  });

  it('no question when both readings give the same dates', () => {
    expect(decide(['05/05/2026', '01/01/2026', '12/12/2026'], 'mdy')).toEqual({
      order: 'mdy',
      choice: null,
    });
  });

  it('a file that contradicts itself: the order that reads more rows, and a question', () => {
    const { order, choice } = decide(['13/01/2026', '14/02/2026', '01/13/2026'], 'mdy');
    expect(order).toBe('dmy');
    expect(choice).toMatchObject({ needsAnswer: true, rows: 3, chosen: 'dmy' });
    expect(choice?.evidence).toBe(
      'Dates read as day.month.year, but the file contradicts itself: 2 dates have a first part above 12 and 1 date a second part above 12; 1 date cannot be read as day.month.year',
    );
  });

  it("the person's answer wins, reported as theirs", () => {
    expect(decide(['02.03.26', '05.03.26'], 'dmy', 'mdy')).toEqual({
      order: 'mdy',
      choice: {
        kind: 'dateOrder',
        answer: 'reading.dateOrder',
        chosen: 'mdy',
        options: ['mdy', 'dmy', 'ymd'],
        evidence: 'Dates read as month.day.year, as you chose',
        needsAnswer: false,
        rows: 2,
      },
    });
    expect(decide(['13.03.26'], 'dmy', 'mdy').choice?.evidence).toBe(
      'Dates read as month.day.year, as you chose; 1 date cannot be read that way',
    );
  });

  it('keeps guessDateOrder for callers that need only the order', () => {
    expect(guessDateOrder(['13/01/2026'], 'mdy')).toBe('dmy');
    expect(guessDateOrder(['01/02/2026'], 'mdy')).toBe('mdy');
  });

  it('is linear: 20,000 dates in well under a second', () => {
    const dates = Array.from({ length: 20_000 }, (_, i) => `${(i % 12) + 1}/${(i % 28) + 1}/2026`);
    const started = performance.now();
    decide(dates, 'mdy');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

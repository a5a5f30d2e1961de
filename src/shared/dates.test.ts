import { describe, expect, it } from 'vitest';
import { calendarDateIn, canonicalTimeZone, isCalendarDate, isTimeZone } from './dates.js';

describe('calendar dates', () => {
  it.each(['2024-02-29', '2000-02-29', '1900-01-01', '9999-12-31', '2025-12-31', '2025-04-30'])(
    'accepts %s',
    (text) => expect(isCalendarDate(text)).toBe(true),
  );

  it.each([
    '2025-02-29', // not a leap year
    '1900-02-29', // centuries are not, unless divisible by 400
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-00',
    '1899-12-31',
    '10000-01-01',
    '2025-1-1',
    '2025-01-01T00:00:00Z',
    ' 2025-01-01',
    '',
  ])('refuses %j', (text) => expect(isCalendarDate(text)).toBe(false));

  it('gives the date of an instant in a time zone, UTC when none', () => {
    const instant = new Date('2025-03-31T23:30:00Z');
    expect(calendarDateIn(null, instant)).toBe('2025-03-31');
    expect(calendarDateIn('Pacific/Kiritimati', instant)).toBe('2025-04-01');
    expect(calendarDateIn('America/New_York', instant)).toBe('2025-03-31');
    expect(calendarDateIn('Pacific/Pago_Pago', new Date('2025-01-01T05:00:00Z'))).toBe(
      '2024-12-31',
    );
  });
});

describe('time zones', () => {
  it.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'europe/paris'])(
    'knows %s',
    (name) => expect(isTimeZone(name)).toBe(true),
  );

  it.each(['Mars/Olympus', 'Europe/Paris; DROP', '', 'x'.repeat(65), '+05:00 '])(
    'refuses %j',
    (name) => expect(isTimeZone(name)).toBe(false),
  );

  it('spells a zone canonically', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
  });
});

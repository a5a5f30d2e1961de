/**
 * Calendar dates ('YYYY-MM-DD', an entry's occurredOn) and time zones (a book's), shared by
 * server and client. A calendar date is never an instant: it is kept and compared as text.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const CALENDAR_DATE_PATTERN = CALENDAR_DATE.source;

/** The years a date may fall in: a range every database and client handles. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/**
 * The shape and year range of a calendar date (1900 to 9999) as a JSON Schema pattern: the
 * OpenAPI document publishes it beside `format: date` (a real day of a real month), which together
 * say exactly what isCalendarDate accepts.
 */
export const CALENDAR_DATE_RANGE_PATTERN = '^(?:19\\d\\d|[2-9]\\d{3})-\\d{2}-\\d{2}$';

/** Whether text is a real calendar date between MIN_YEAR and MAX_YEAR, e.g. not 2025-02-29. */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no daylight saving in the way).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether a time zone name is one this runtime knows (IANA names such as Europe/Paris, UTC). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The canonical spelling of a known time zone name (Intl accepts any letter case). */
export function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/** The calendar date of an instant in a time zone (UTC when none is chosen). */
export function calendarDateIn(timeZone: string | null, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

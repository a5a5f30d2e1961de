/**
 * Budget periods (docs/budgets.md#budget-periods): a book's budget months may start on a pay day
 * instead of the 1st. A period is named by the month it starts in ('YYYY-MM', the same names the
 * budget's months have always had) and runs from its start day to the day before the next
 * period's. The start is day `startDay` of the month (the month's last day when it has fewer),
 * moved off a weekend when the book asks: to the Friday before, or the Monday after. Day 1 and
 * 'keep' are calendar months. Calendar dates, never instants: computed in UTC, compared as text.
 * The database has the same rules as SQL functions (migrations/20261215000000), checked equal by
 * tests.
 */

export const PERIOD_WEEKEND_RULES = ['keep', 'before', 'after'] as const;
export type PeriodWeekendRule = (typeof PERIOD_WEEKEND_RULES)[number];

export interface BudgetPeriodRule {
  /** 1 to 31: the day of the month a period starts on. */
  startDay: number;
  weekend: PeriodWeekendRule;
}

export const CALENDAR_MONTHS: BudgetPeriodRule = { startDay: 1, weekend: 'keep' };

/** The rule of a book's budget settings (GET /api/budget/settings). */
export function periodRuleOf(settings: {
  periodStartDay: number;
  periodWeekend: PeriodWeekendRule;
}): BudgetPeriodRule {
  return { startDay: settings.periodStartDay, weekend: settings.periodWeekend };
}

const DAY_MS = 86_400_000;

function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

function monthOfIndex(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function dayText(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The first day of period `month` ('YYYY-MM'), as 'YYYY-MM-DD'. */
export function periodStart(month: string, rule: BudgetPeriodRule): string {
  const index = monthIndex(month);
  const year = Math.floor(index / 12);
  const monthNumber = index % 12;
  const lastDay = new Date(Date.UTC(year, monthNumber + 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(year, monthNumber, Math.min(rule.startDay, lastDay)));
  // Date.UTC maps years 0-99 to 1900-1999; budget years are 1900 and later.
  start.setUTCFullYear(year);
  const weekday = start.getUTCDay(); // 0 Sunday, 6 Saturday
  let shift = 0;
  if (rule.weekend === 'before') shift = weekday === 6 ? -1 : weekday === 0 ? -2 : 0;
  if (rule.weekend === 'after') shift = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  return dayText(start.getTime() + shift * DAY_MS);
}

/** The first and last day of period `month`, both included. */
export function periodBounds(
  month: string,
  rule: BudgetPeriodRule,
): { start: string; end: string } {
  const next = periodStart(monthOfIndex(monthIndex(month) + 1), rule);
  return {
    start: periodStart(month, rule),
    end: dayText(Date.parse(`${next}T00:00:00Z`) - DAY_MS),
  };
}

/**
 * The period a calendar day ('YYYY-MM-DD') falls in. A start moved off a weekend can fall in the
 * month before or after its own, so the day's month and its neighbours are tried, latest first.
 */
export function periodOf(day: string, rule: BudgetPeriodRule): string {
  const own = monthIndex(day.slice(0, 7));
  for (let index = own + 1; index >= own - 2; index -= 1) {
    const month = monthOfIndex(index);
    if (periodStart(month, rule) <= day) return month;
  }
  return monthOfIndex(own - 2);
}

/** Whether the rule makes calendar months. */
export function isCalendarMonths(rule: BudgetPeriodRule): boolean {
  return rule.startDay === 1 && rule.weekend === 'keep';
}

import { sql } from 'kysely';
import { periodBounds, periodRuleOf } from '../../src/shared/budget-periods.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * The envelope identity of docs/budgets.md#the-identity, checked against the ledger itself: for
 * each month, To assign + held for next month + every spending category's available + every
 * card payment envelope's available + the month's card spending no category had money for
 * equals the signed sum of the live entries dated up to the month's last day (its budget period's,
 * checked against src/shared/budget-periods.ts) on the book's live
 * on-budget accounts (with card envelopes on, the cash ones: not the cards). And each card's
 * `owed` is its balance, negated. Figures in cents; the book's accounts are in its base currency
 * (2 decimals). Answers one line per month that breaks it, [] when all hold.
 */
export async function budgetViolations(
  t: TestApp,
  user: TestUser,
  months: readonly string[],
  bookId?: string,
): Promise<string[]> {
  const caller = t.caller(user, bookId === undefined ? {} : { bookId });
  const problems: string[] = [];
  const cents = (units: number) => BigInt(Math.round(units * 100));
  const sorted = [...months].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  // Plan against actual reads the same months at once: each of its cells must be the grid's
  // Assigned and Activity (sign turned) of that month.
  const plan =
    first === undefined || last === undefined
      ? null
      : (await caller.budget.plan({ from: first, to: last })).data;
  for (const month of months) {
    const data = (await caller.budget.month({ month })).data;
    const settings = (await caller.budget.settings({})).data;
    const bounds = periodBounds(month, periodRuleOf(settings));
    if (data.period.start !== bounds.start || data.period.end !== bounds.end) {
      problems.push(
        `${month}: the month runs ${data.period.start} to ${data.period.end}, the rule says ${bounds.start} to ${bounds.end}`,
      );
    }
    for (const category of data.categories) {
      const cell = plan?.categories
        .find((c) => c.categoryId === category.categoryId)
        ?.months.find((m) => m.month === month);
      const budgeted = cents(cell?.budgeted ?? 0);
      const spent = cents(cell?.spent ?? 0);
      if (budgeted !== cents(category.assigned) || spent !== -cents(category.activity)) {
        problems.push(
          `${month} ${category.name}: the plan says budgeted ${budgeted}, spent ${spent} cents; the grid assigned ${cents(category.assigned)}, activity ${cents(category.activity)}`,
        );
      }
    }
    let budgeted = cents(data.toAssign) - cents(data.toAssignParts.heldForNextMonth);
    for (const category of data.categories) budgeted += cents(category.available);
    for (const card of data.cards) {
      budgeted += cents(card.available) + cents(card.uncoveredSpending);
    }
    const book =
      bookId ??
      (
        await t.database.db
          .selectFrom('books')
          .select('id')
          .where('personal_owner_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).id;
    const { rows } = await sql<{ account_id: string; card: boolean; cash: string | number }>`
      SELECT a.id AS account_id, a.account_type = 'credit-card' AS card,
        sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN t.amount_cents
                 ELSE -t.amount_cents END) AS cash
      FROM transactions t JOIN accounts a ON a.id = t.account_id
      WHERE t.book_id = ${book}::uuid AND t.deleted_at IS NULL AND a.deleted_at IS NULL
        AND a.on_budget AND t.occurred_on <= ${data.period.end}::date
      GROUP BY a.id`.execute(t.database.db);
    let cash = 0n;
    for (const row of rows) {
      if (!(data.cardEnvelopes && row.card)) cash += BigInt(row.cash);
    }
    for (const card of data.cards.filter((c) => c.active)) {
      const balance = BigInt(rows.find((row) => row.account_id === card.accountId)?.cash ?? 0);
      if (card.owed === null || cents(card.owed) !== -balance) {
        problems.push(
          `${month} ${card.name}: owes ${String(card.owed)} units, its balance is ${balance}`,
        );
      }
    }
    if (cash !== budgeted) {
      problems.push(`${month}: budget holds ${budgeted} cents, the on-budget accounts ${cash}`);
    }
  }
  return problems;
}

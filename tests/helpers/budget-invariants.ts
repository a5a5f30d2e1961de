import { sql } from 'kysely';
import type { TestApp, TestUser } from './test-app.js';

/**
 * The envelope identity of docs/budgets.md#the-identity, checked against the ledger itself: for
 * each month, To assign + held for next month + every spending category's available equals the
 * signed sum of the live entries dated up to the month's end on the book's live on-budget
 * accounts. Figures in cents; the book's accounts are in its base currency (2 decimals).
 * Answers one line per month that breaks it, [] when all hold.
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
    const book =
      bookId ??
      (
        await t.database.db
          .selectFrom('books')
          .select('id')
          .where('personal_owner_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).id;
    const { rows } = await sql<{ cash: string | number | null }>`
      SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in') THEN t.amount_cents
                      ELSE -t.amount_cents END) AS cash
      FROM transactions t JOIN accounts a ON a.id = t.account_id
      WHERE t.book_id = ${book}::uuid AND t.deleted_at IS NULL AND a.deleted_at IS NULL
        AND a.on_budget AND t.occurred_on < (${`${month}-01`}::date + interval '1 month')::date`.execute(
      t.database.db,
    );
    const cash = BigInt(rows[0]?.cash ?? 0);
    if (cash !== budgeted) {
      problems.push(`${month}: budget holds ${budgeted} cents, the on-budget accounts ${cash}`);
    }
  }
  return problems;
}

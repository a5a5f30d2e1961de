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
  for (const month of months) {
    const data = (await caller.budget.month({ month })).data;
    const cents = (units: number) => BigInt(Math.round(units * 100));
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

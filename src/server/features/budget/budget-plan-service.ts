import type { DbOrTx } from '../../db/connect.js';
import { minorUnitsToUnits } from '../../../shared/currency-money.js';
import type { BudgetPlan } from '../../../shared/schemas/budget.js';
import { findBookBaseCurrency } from '../books/index.js';
import { planVsActual } from './budget-plan.js';
import { loadHistory } from './budget-history.js';
import { firstDay, monthOf, refreshIfMarked } from './budget-service.js';

/**
 * Plan against actual from `from` to `to` ('YYYY-MM'): per category and month what was budgeted
 * and what was spent, with totals (docs/budgets.md#plan-against-actual). Listed: every spending
 * category, and any other with money in the period.
 */
export async function readBudgetPlan(
  db: DbOrTx,
  bookId: string,
  from: string,
  to: string,
): Promise<BudgetPlan> {
  await refreshIfMarked(db, bookId);
  const [currency, loaded] = await Promise.all([
    findBookBaseCurrency(db, bookId),
    loadHistory(db, bookId, firstDay(to)),
  ]);
  const { categories } = loaded;
  const plan = planVsActual(loaded.history, firstDay(from), firstDay(to));
  const units = (cents: bigint) => minorUnitsToUnits(cents, currency);
  const figures = (budgeted: bigint, spent: bigint) => ({
    budgeted: units(budgeted),
    spent: units(spent),
    difference: units(budgeted - spent),
  });
  const months = plan.months.map(monthOf);
  const monthTotals = plan.months.map(() => ({ budgeted: 0n, spent: 0n }));
  const rows = categories.flatMap((c) => {
    const cells = plan.categories.get(c.id);
    if (cells === undefined) return [];
    const idle = cells.every((cell) => cell.budgeted === 0n && cell.spent === 0n);
    if ((c.archived || !c.spending) && idle) return [];
    let budgeted = 0n;
    let spent = 0n;
    cells.forEach((cell, index) => {
      budgeted += cell.budgeted;
      spent += cell.spent;
      const total = monthTotals[index];
      if (total) {
        total.budgeted += cell.budgeted;
        total.spent += cell.spent;
      }
    });
    return [
      {
        categoryId: c.id,
        name: c.name,
        groupName: c.group_name,
        archived: c.archived,
        ...figures(budgeted, spent),
        months: cells.map((cell, index) => ({
          month: months[index] ?? '',
          ...figures(cell.budgeted, cell.spent),
        })),
      },
    ];
  });
  const budgeted = monthTotals.reduce((sum, t) => sum + t.budgeted, 0n);
  const spent = monthTotals.reduce((sum, t) => sum + t.spent, 0n);
  let notConverted = 0;
  for (const month of plan.months) notConverted += loaded.notConverted.get(month) ?? 0;
  return {
    from,
    to,
    currency,
    months,
    categories: rows,
    totals: {
      ...figures(budgeted, spent),
      months: monthTotals.map((t, index) => ({
        month: months[index] ?? '',
        ...figures(t.budgeted, t.spent),
      })),
    },
    notConverted,
  };
}

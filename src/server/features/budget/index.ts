// The budget feature's public entry (docs/budgets.md): what the rest of the server may use.
export { startBudgetMarkSweep, sweepBudgetMarks } from './budget-mark-sweep.js';
export { lockBudgetRefresh as lockBudgetSums, markEveryMonth } from './budget-repository.js';

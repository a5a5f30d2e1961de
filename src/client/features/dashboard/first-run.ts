/**
 * The first-run guide's steps (docs/product.md#first-run-guide): which are done, and whether the
 * guide shows at all. What the person has, counted from the data the dashboard already loads.
 */
export interface FirstRunFacts {
  /** Accounts the person has (not deleted). */
  accountCount: number;
  /** Ledger entries of any kind: an expense, a deposit, a withdrawal, an imported row. */
  entryCount: number;
}

export type FirstRunStepId = 'create-account' | 'add-entries';

export interface FirstRunStep {
  id: FirstRunStepId;
  title: string;
  done: boolean;
}

export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] {
  return [
    { id: 'create-account', title: 'Create an account', done: facts.accountCount > 0 },
    { id: 'add-entries', title: 'Add or import entries', done: facts.entryCount > 0 },
  ];
}

/**
 * A new person: a step is still open. Unknown facts (a request that failed) are not a new
 * person: no guide is shown on a guess.
 */
export function isFirstRun(facts: FirstRunFacts | undefined): boolean {
  return facts !== undefined && firstRunSteps(facts).some((step) => !step.done);
}

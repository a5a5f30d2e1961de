// Which account each statement of a file goes to (docs/import.md#statements): a file with
// several statements (OFX bank and card, QIF !Account blocks, camt) asks for an account for
// each, or "skip". The first statement goes to the import's account until the person says
// otherwise; the others wait for an answer. Two statements never share an account.

/**
 * The person's answers by statement index: an account id, null (skip it), or undefined (asked
 * again: "Choose an account"). An index absent from the map has no answer yet.
 */
export type StatementAnswers = ReadonlyMap<number, string | null | undefined>;

/** The account a statement goes to: an id, null (skipped), or undefined (not chosen yet). */
export function statementTarget(
  answers: StatementAnswers,
  index: number,
  accountId: string | undefined,
): string | null | undefined {
  if (answers.has(index)) return answers.get(index);
  if (index !== 0 || accountId === undefined) return undefined;
  // The first statement goes to the import's account, unless another statement took it.
  const taken = [...answers].some(([other, target]) => other !== 0 && target === accountId);
  return taken ? undefined : accountId;
}

/**
 * The answers with statement `index` sent to `target` (an account id, or null to skip it);
 * a statement that had that account is asked again.
 */
export function chooseTarget(
  answers: StatementAnswers,
  index: number,
  target: string | null,
  accountId: string | undefined,
  count: number,
): Map<number, string | null | undefined> {
  const next = new Map(answers);
  if (target !== null) {
    for (let other = 0; other < count; other += 1) {
      if (other !== index && statementTarget(answers, other, accountId) === target) {
        next.set(other, undefined);
      }
    }
  }
  next.set(index, target);
  return next;
}

/**
 * What the request says about the statements: nothing until the person answered something
 * (then the server puts the first statement in the import's account and asks about the others),
 * else every statement's account, a statement not chosen yet skipped (the page does not let the
 * import go while one is).
 */
export function statementsRequest(
  answers: StatementAnswers,
  accountId: string | undefined,
  count: number,
): { index: number; accountId: string | null }[] | undefined {
  if (answers.size === 0 || count < 2) return undefined;
  return Array.from({ length: count }, (_, index) => ({
    index,
    accountId: statementTarget(answers, index, accountId) ?? null,
  }));
}

/** The statements not given an account nor skipped yet. */
export function unchosenStatements(
  answers: StatementAnswers,
  accountId: string | undefined,
  count: number,
): number[] {
  if (count < 2) return [];
  return Array.from({ length: count }, (_, index) => index).filter(
    (index) => statementTarget(answers, index, accountId) === undefined,
  );
}

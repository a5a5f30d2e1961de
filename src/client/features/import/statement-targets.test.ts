import { describe, expect, it } from 'vitest';
import {
  chooseTarget,
  statementsRequest,
  statementTarget,
  unchosenStatements,
} from './statement-targets.js';

describe('statement targets', () => {
  it('sends the first statement to the import account and asks about the others', () => {
    const none = new Map<number, string | null | undefined>();
    expect(statementTarget(none, 0, 'a')).toBe('a');
    expect(statementTarget(none, 1, 'a')).toBeUndefined();
    expect(unchosenStatements(none, 'a', 2)).toEqual([1]);
    // Nothing answered yet: the request leaves the statements to the server's default.
    expect(statementsRequest(none, 'a', 2)).toBeUndefined();
    // A file of one statement never asks.
    expect(unchosenStatements(none, 'a', 1)).toEqual([]);
  });

  it('maps each statement to its own account, or skips it', () => {
    let answers = chooseTarget(new Map(), 1, 'b', 'a', 3);
    answers = chooseTarget(answers, 2, null, 'a', 3);
    expect(unchosenStatements(answers, 'a', 3)).toEqual([]);
    expect(statementsRequest(answers, 'a', 3)).toEqual([
      { index: 0, accountId: 'a' },
      { index: 1, accountId: 'b' },
      { index: 2, accountId: null },
    ]);
  });

  it('moves an account to the statement it was chosen for: the other is asked again', () => {
    let answers = chooseTarget(new Map(), 1, 'a', 'a', 2);
    expect(statementTarget(answers, 0, 'a')).toBeUndefined();
    expect(unchosenStatements(answers, 'a', 2)).toEqual([0]);
    expect(statementsRequest(answers, 'a', 2)).toEqual([
      { index: 0, accountId: null },
      { index: 1, accountId: 'a' },
    ]);
    answers = chooseTarget(answers, 0, 'b', 'a', 2);
    answers = chooseTarget(answers, 1, 'b', 'a', 2);
    expect(statementTarget(answers, 0, 'a')).toBeUndefined();
    expect(statementTarget(answers, 1, 'a')).toBe('b');
  });

  it('lets two statements be skipped', () => {
    let answers = chooseTarget(new Map(), 0, null, 'a', 2);
    answers = chooseTarget(answers, 1, null, 'a', 2);
    expect(unchosenStatements(answers, 'a', 2)).toEqual([]);
  });
});

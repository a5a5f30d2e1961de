import { describe, expect, it } from 'vitest';
import { firstRunSteps, isFirstRun } from './first-run.js';

const done = (accountCount: number, entryCount: number) =>
  firstRunSteps({ accountCount, entryCount }).map((step) => [step.title, step.done]);

describe('the first-run guide', () => {
  it('lists the two steps in order, none done for a new person', () => {
    expect(done(0, 0)).toEqual([
      ['Create an account', false],
      ['Add or import entries', false],
    ]);
    expect(isFirstRun({ accountCount: 0, entryCount: 0 })).toBe(true);
  });

  it('checks off each step on its own', () => {
    expect(done(1, 0)).toEqual([
      ['Create an account', true],
      ['Add or import entries', false],
    ]);
    // An expense needs no account: entries without one still leave the first step open.
    expect(done(0, 3)).toEqual([
      ['Create an account', false],
      ['Add or import entries', true],
    ]);
    expect(isFirstRun({ accountCount: 1, entryCount: 0 })).toBe(true);
    expect(isFirstRun({ accountCount: 0, entryCount: 3 })).toBe(true);
  });

  it('is gone once the person has accounts and entries', () => {
    expect(done(2, 5).every(([, isDone]) => isDone)).toBe(true);
    expect(isFirstRun({ accountCount: 2, entryCount: 5 })).toBe(false);
  });

  it('is not shown when what the person has is unknown', () => {
    expect(isFirstRun(undefined)).toBe(false);
  });
});

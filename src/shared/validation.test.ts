import { describe, expect, it } from 'vitest';
import {
  AMOUNT_INPUT_PATTERN,
  amountTextProblem,
  isValidEmail,
  parseAmount,
  signInFormError,
} from './validation.js';

describe('amount validation', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['0.01', 0.01],
    [' 7.25 ', 7.25],
    ['.5', 0.5],
    ['1000000000', 1_000_000_000],
  ])('accepts %j as %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each([
    '',
    ' ',
    '0',
    '0.00',
    '-1',
    'abc',
    '1e3',
    '12.345',
    'NaN',
    'Infinity',
    '1000000000.01',
    '1,000',
  ])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it.each([
    ['12.345', 'Amount must have at most two decimal places'],
    ['1000000000.01', 'Amount must be at most 1,000,000,000.00'],
    ['2000000000', 'Amount must be at most 1,000,000,000.00'],
  ])("says what is wrong with %j in the server's words", (text, message) => {
    expect(amountTextProblem(text)).toBe(message);
  });

  it.each(['', '0', '0.00', 'abc', '12.34', '1000000000'])(
    'leaves %j to the form (fine, or not an amount above 0)',
    (text) => {
      expect(amountTextProblem(text)).toBeNull();
    },
  );

  it('lets the input hold only empty or non-negative decimal text', () => {
    for (const ok of ['', '1', '1.', '1.5', '.5', '123.456'])
      expect(AMOUNT_INPUT_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['-', '-1', 'a', '1e5', '1,5', '1.2.3', ' '])
      expect(AMOUNT_INPUT_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('email and sign-in validation', () => {
  it.each(['a@b.co', 'First.Last+tag@example.com'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@', '@b.co', 'a b@c.d'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('gives the first sign-in form problem', () => {
    expect(signInFormError({ email: 'a@b.co', password: 'longenough' })).toBeNull();
    expect(signInFormError({ email: 'nope', password: 'longenough' })).toBe(
      'Please enter a valid email address.',
    );
    expect(signInFormError({ email: 'a@b.co', password: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
  });
});

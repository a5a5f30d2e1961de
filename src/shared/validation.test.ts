import { describe, expect, it } from 'vitest';
import { isValidEmail, signInFormError } from './validation.js';

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

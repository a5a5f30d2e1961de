import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAccountInput, moneyMovementInput, updateAccountInput } from './account.js';
import { createExpenseInput, listTransactionsInput } from './ledger.js';
import { AMOUNT_FIELD, amountRefusalIn } from '../currency-amounts.js';

/**
 * The exact words each input rule answers with: what a person reads in a 400 (the API returns
 * the first issue's message). The integration tests derive their bad inputs from the schemas and
 * check both doors return these messages unchanged (docs/testing.md#derived-tables).
 */
function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const ID = '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11';

describe('input messages', () => {
  it.each([
    [{}, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 42 }, 'Title must be text'],
    [{ title: 't'.repeat(101) }, 'Title must be at most 100 characters'],
    [{ title: 'a\u0000b' }, 'Title must not contain NUL characters'],
    [{ title: 'Ok', description: { a: 1 } }, 'Description must be text'],
    [{ title: 'Ok', description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
    [{ title: 'Ok', icon: 'bank' }, 'Icon must be "wallet" or "credit-card"'],
    [{ title: 'Ok', color: 'red' }, 'Color must be a hex color like #10b981'],
    [{ title: 'Ok', color: 123 }, 'Color must be text'],
  ])('account fields %j: %s', (input, message) => {
    expect(firstMessage(createAccountInput, input)).toBe(message);
    expect(firstMessage(updateAccountInput, { id: ID, ...input })).toBe(message);
  });

  it.each([
    [{ amount: '10' }, 'Amount must be a number'],
    [{}, 'Amount is required'],
    [{ amount: -1 }, 'Amount must be greater than 0'],
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: Number.POSITIVE_INFINITY }, 'Amount must be a finite number'],
    [{ amount: 1, description: { a: 1 } }, 'Description must be text'],
  ])('money movements %j: %s', (input, message) => {
    expect(firstMessage(moneyMovementInput, { id: ID, ...input })).toBe(message);
    expect(firstMessage(createExpenseInput, input)).toBe(message);
  });

  // Decimals and the largest amount depend on the account's currency: the service judges them
  // with these words once it has the account (decision 035), the same for every exponent-2 one.
  it.each([
    [12.345, 'Amount must have at most two decimal places'],
    [1000000000.01, 'Amount must be at most 1,000,000,000.00'],
  ])('money movements of %j in USD or EUR: %s', (amount, message) => {
    expect(firstMessage(moneyMovementInput, { id: ID, amount })).toBeUndefined();
    expect(amountRefusalIn(AMOUNT_FIELD, amount, 'USD')).toBe(message);
    expect(amountRefusalIn(AMOUNT_FIELD, amount, 'EUR')).toBe(message);
  });

  it.each([
    [{ id: 'abc', amount: 1 }, 'Account ID must be a UUID'],
    [{ id: 123, amount: 1 }, 'Account ID must be a UUID'],
    [{ amount: 1 }, 'Account ID is required'],
    [{ id: '  ', amount: 1 }, 'Account ID is required'],
  ])('account ids %j: %s', (input, message) => {
    expect(firstMessage(moneyMovementInput, input)).toBe(message);
  });

  it.each([
    [{ limit: 0 }, 'limit must be at least 1'],
    [{ limit: 201 }, 'limit must be at most 200'],
    [{ limit: 'abc' }, 'limit must be a whole number'],
    [{ limit: 1.5 }, 'limit must be a whole number'],
    [{ type: 'bogus' }, 'type must be deposit, withdraw or expense'],
    [{ from: 'not-a-date' }, 'from must be an ISO 8601 date-time'],
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'from must not be after to'],
    [{ accountId: 'abc' }, 'Account ID must be a UUID'],
  ])('ledger pages %j: %s', (input, message) => {
    expect(firstMessage(listTransactionsInput, input)).toBe(message);
  });
});

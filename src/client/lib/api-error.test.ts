import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { SERVER_UNREACHABLE, failureToast } from './api-error.js';

function answered(status: number, message: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { httpStatus: status } } },
  });
}

describe('failureToast', () => {
  it("gives the server's reason when it answered", () => {
    expect(failureToast(answered(422, 'Insufficient funds'), 'Failed to withdraw funds')).toEqual({
      message: 'Insufficient funds',
    });
  });

  it("keeps the screen's message and adds that the server could not be reached", () => {
    const unanswered = new TRPCClientError('Failed to fetch', { cause: new TypeError('x') });
    expect(failureToast(unanswered, 'Failed to deposit funds')).toEqual({
      message: 'Failed to deposit funds',
      description: SERVER_UNREACHABLE,
    });
    expect(failureToast(new TypeError('Failed to fetch'), 'Login failed.').description).toBe(
      SERVER_UNREACHABLE,
    );
  });
});

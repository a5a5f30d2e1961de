import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, type AppErrorCode } from '../../shared/errors.js';
import { AppError } from '../lib/app-error.js';
import { describeError, toTRPCError } from './errors.js';

const zodError = z.object({ amount: z.number() }).safeParse({ amount: 'x' }).error;

describe('describeError', () => {
  it('turns input validation into a 400 with every issue', () => {
    const described = describeError(new TRPCError({ code: 'BAD_REQUEST', cause: zodError }));
    expect(described).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(described.issues?.[0]).toMatchObject({ path: 'amount' });
  });

  it('keeps output validation failures a bare 500: they are our fault and may describe internals', () => {
    const described = describeError(
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: zodError }),
    );
    expect(described).toEqual({
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('hides the message of unexpected errors', () => {
    const described = describeError(
      new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'relation "accounts" does not exist',
      }),
    );
    expect(described.message).not.toContain('relation');
  });

  it('passes app errors through with their status', () => {
    expect(
      describeError(toTRPCError(new AppError('INSUFFICIENT_FUNDS', 'Insufficient funds'))),
    ).toEqual({ status: 422, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' });
  });

  // Codes share tRPC codes (four of them are 422), so the code must travel as the app error itself.
  it.each(Object.keys(APP_ERRORS) as AppErrorCode[])(
    'keeps %s through tRPC, with the tRPC code of its status',
    (code) => {
      const trpcError = toTRPCError(new AppError(code, `about ${code}`));
      expect(trpcError.code).toBe(APP_ERRORS[code].trpc);
      expect(describeError(trpcError)).toEqual({
        code,
        message: `about ${code}`,
        status: APP_ERRORS[code].status,
      });
    },
  );
});

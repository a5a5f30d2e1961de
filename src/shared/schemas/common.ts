import { z } from 'zod';
import { MESSAGES } from '../errors.js';
import { MAX_OPERATION_CENTS, hasAtMostTwoDecimals } from '../money.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account id from a path or body. Malformed ids are a 400, unknown ones a 404 later. */
export const accountIdSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? MESSAGES.accountIdRequired
        : 'Account ID must be a UUID',
  })
  .trim()
  .min(1, { error: MESSAGES.accountIdRequired })
  .regex(UUID_PATTERN, { error: 'Account ID must be a UUID' })
  .transform((id) => id.toLowerCase())
  .meta({ description: 'Account id (UUID)', example: '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11' });

/** PostgreSQL text cannot hold NUL; refusing it here keeps it a clear 400, not a driver error. */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** Free text that may be left out; trimmed, at most `max` characters. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(hasNoNul, { error: `${label} must not contain NUL characters` })
    .optional();
}

/**
 * A money amount in currency units: a JSON number above 0, at most two decimals, at most
 * 1,000,000,000.00. Strings are refused so that "12.345" cannot sneak in through coercion.
 */
export const amountSchema = z
  .number({
    error: (issue) => {
      if (issue.input === undefined) return 'Amount is required';
      if (typeof issue.input === 'number') return 'Amount must be a finite number';
      return 'Amount must be a number';
    },
  })
  .gt(0, { error: 'Amount must be greater than 0' })
  .max(Number(MAX_OPERATION_CENTS) / 100, { error: 'Amount must be at most 1,000,000,000.00' })
  .refine(hasAtMostTwoDecimals, { error: 'Amount must have at most two decimal places' })
  .meta({ description: 'Amount in currency units, at most two decimals', example: 12.5 });

export const isoDateTime = z.iso.datetime({ offset: true });

/** Builds the success envelope schema `{ success: true, message?, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

/** The failure envelope of every REST route (see errors.ts for the codes). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string().meta({ description: 'A sentence a person can read' }),
  code: z.string().meta({ description: 'Stable machine code, e.g. INSUFFICIENT_FUNDS' }),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .meta({ description: 'Every validation problem, for 400s' }),
  requestId: z.string().meta({ description: 'Quote it when reporting a problem' }),
});

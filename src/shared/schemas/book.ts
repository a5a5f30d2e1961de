import { z } from 'zod';
import { DEFAULT_CURRENCY, isCurrencyCode } from '../currencies.js';
import { canonicalTimeZone, isTimeZone } from '../dates.js';
import { BOOK_NAME_MAX, TIME_ZONE_MAX } from '../limits.js';
import { bookIdSchema, envelope, NO_NUL, isoDateTime } from './common.js';

/**
 * A book owns accounts, categories and the ledger; a person reaches it through a membership
 * with a role (docs/ledger.md#books). A request works on the book its `bookId` names
 * (docs/sharing.md#choosing-a-book), the caller's personal book when it names none.
 */
export const BOOK_ROLES = ['owner', 'editor', 'viewer'] as const;
export type BookRole = (typeof BOOK_ROLES)[number];

/** Roles in order of what they may do: each may do everything the ones before it may. */
export function roleAllows(role: BookRole, least: BookRole): boolean {
  return BOOK_ROLES.indexOf(role) <= BOOK_ROLES.indexOf(least);
}

/** GET /api/book: the book a call works on. */
export const bookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    timeZone: z
      .string()
      .nullable()
      .meta({ description: 'IANA time zone; null until one is chosen (dates use UTC meanwhile)' }),
    baseCurrency: z.string().meta({
      description: `ISO 4217 code totals across currencies are shown in; ${DEFAULT_CURRENCY} for books from before currencies`,
      example: 'EUR',
    }),
    role: z.enum(BOOK_ROLES).meta({ description: "The caller's role in this book" }),
    personal: z
      .boolean()
      .meta({ description: "The caller's personal book: the one calls without bookId work on" }),
    applyRulesToManualEntries: z.boolean().meta({
      description:
        'When true, a deposit, withdrawal or expense added by hand gets the first matching enabled rule (fields left empty only); false by default',
    }),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof bookSchema>;

export const bookOutput = envelope(bookSchema);

/** GET /api/books: every book the caller is a member of, their personal book first. */
export const bookSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(BOOK_ROLES),
    personal: z.boolean(),
    members: z.number().int().meta({ description: 'How many people are members of it' }),
  })
  .meta({ id: 'BookSummary' });
export type BookSummary = z.infer<typeof bookSummarySchema>;
export const bookListOutput = envelope(z.array(bookSummarySchema));

export const bookNameSchema = z
  .string({ error: 'Name must be text' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(BOOK_NAME_MAX, { error: `Name must be at most ${BOOK_NAME_MAX} characters` })
  .regex(NO_NUL, { error: 'Name must not contain NUL characters' });

/** An IANA time zone name, stored in its canonical spelling (europe/paris -> Europe/Paris). */
export const timeZoneSchema = z
  .string({ error: 'timeZone must be text' })
  .trim()
  .max(TIME_ZONE_MAX, { error: `timeZone must be at most ${TIME_ZONE_MAX} characters` })
  .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/Paris' })
  .transform(canonicalTimeZone)
  .meta({ example: 'Europe/Paris' });

const BASE_CURRENCY_REFUSAL = 'baseCurrency must be a current ISO 4217 currency code such as EUR';

/**
 * A book's base currency: a current ISO 4217 code, upper case, as written (no case folding, so
 * the pattern the OpenAPI document gives is the whole rule of its shape). A pattern and not an
 * enum of the codes (docs/money.md#base-currency): the list grows and shrinks with ISO's.
 */
export const baseCurrencySchema = z
  .string({ error: BASE_CURRENCY_REFUSAL })
  .regex(/^[A-Z]{3}$/, { error: BASE_CURRENCY_REFUSAL })
  // Only once the shape holds: zod runs every check, and one refusal is enough.
  .refine((code) => !/^[A-Z]{3}$/.test(code) || isCurrencyCode(code), {
    error: BASE_CURRENCY_REFUSAL,
  })
  .meta({
    description:
      'A current ISO 4217 currency code (three upper-case letters; withdrawn codes, XAU, XDR, XTS and XXX are refused); totals across currencies are shown in it',
    example: 'EUR',
  });

/** PATCH /api/book: rename it, set its time zone, base currency or the rules setting (at least one). */
export const updateBookInput = z
  .object({
    name: bookNameSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    baseCurrency: baseCurrencySchema.optional(),
    applyRulesToManualEntries: z
      .boolean({ error: 'applyRulesToManualEntries must be true or false' })
      .optional(),
  })
  .refine(
    (input) =>
      input.name !== undefined ||
      input.timeZone !== undefined ||
      input.baseCurrency !== undefined ||
      input.applyRulesToManualEntries !== undefined,
    { error: 'Nothing to change: send name, timeZone, baseCurrency or applyRulesToManualEntries' },
  );
export type UpdateBookInput = z.infer<typeof updateBookInput>;

/** POST /api/books: a new book with the caller as its owner and the default categories. */
export const createBookInput = z.object({
  name: bookNameSchema,
  timeZone: timeZoneSchema.optional(),
  baseCurrency: baseCurrencySchema.optional(),
});
export type CreateBookInput = z.infer<typeof createBookInput>;

/** DELETE /api/books/{id}. */
export const bookIdInput = z.object({ id: bookIdSchema });

import { z } from 'zod';
import {
  CURRENCY_AMOUNT_TEXT,
  accountIdSchema,
  categoryIdSchema,
  entryIdSchema,
  envelope,
  isoDateTime,
  NO_NUL,
  optionalText,
  ruleIdSchema,
} from './common.js';
import { DESCRIPTION_MAX } from './account.js';
import { payeeSchema, tagsSchema } from './entry-fields.js';
import { RULE_APPLY_MAX, RULE_NAME_MAX, RULE_PATTERN_MAX, RULES_PER_BOOK_MAX } from '../limits.js';

// Rules (docs/import.md#rules): when an entry's text and amount match, set its category,
// payee, tags or description. Applied in order, the first matching enabled rule wins.

export const RULE_FIELDS = ['description', 'payee', 'either'] as const;
export const RULE_OPERATORS = ['contains', 'equals', 'matches'] as const;

export const ruleMatchSchema = z.object({
  field: z.enum(RULE_FIELDS, { error: 'field must be description, payee or either' }),
  operator: z.enum(RULE_OPERATORS, { error: 'operator must be contains, equals or matches' }),
  value: z
    .string({ error: 'value must be text' })
    .trim()
    .min(1, { error: 'value must not be blank' })
    .max(RULE_PATTERN_MAX, { error: `value must be at most ${RULE_PATTERN_MAX} characters` })
    .regex(NO_NUL, { error: 'value must not contain NUL characters' }),
});
export type RuleMatch = z.infer<typeof ruleMatchSchema>;

/**
 * A bound of the amount range: the size of the amount in units of the rule's account's currency
 * (without an account: any currency's units, at most two decimals). Its decimals and largest
 * value are judged by the service in that currency (decision 035).
 */
const amountBound = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} must be 0 or more` })
    .meta({
      description: `${CURRENCY_AMOUNT_TEXT} (a rule without an account: units of each entry's currency, at most two decimals)`,
      'x-currency-amount': true,
    })
    .nullable()
    .optional();

export const ruleActionsSchema = z
  .object({
    categoryId: categoryIdSchema.nullish(),
    payee: payeeSchema.nullable(),
    tags: tagsSchema.nullish(),
    description: optionalText('Description', DESCRIPTION_MAX).nullable(),
  })
  .meta({ description: 'What a matching entry gets; fields left out or null are left alone' });

const ruleFieldsShape = {
  match: ruleMatchSchema.nullish().meta({ description: 'Text condition; null: any text' }),
  amountMin: amountBound('amountMin'),
  amountMax: amountBound('amountMax'),
  accountId: accountIdSchema.nullish().meta({ description: 'Only entries of this account' }),
  set: ruleActionsSchema,
};

const ruleName = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text'),
  })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(RULE_NAME_MAX, { error: `Name must be at most ${RULE_NAME_MAX} characters` })
  .regex(NO_NUL, { error: 'Name must not contain NUL characters' });

/** A rule as written or tested: at least one condition and one action (checked by the service). */
export const ruleDraftSchema = z.object({
  name: ruleName,
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
  ...ruleFieldsShape,
});
export type RuleDraft = z.infer<typeof ruleDraftSchema>;

/** POST /api/rules */
export const createRuleInput = ruleDraftSchema;
/** POST /api/rules/test: what a draft would match among the latest entries. */
export const testRuleInput = ruleDraftSchema;
/** PATCH /api/rules/{id}: the whole rule again (a rule is small). */
export const updateRuleInput = z.object({ id: ruleIdSchema, ...ruleDraftSchema.shape });
export type UpdateRuleInput = z.infer<typeof updateRuleInput>;
export const ruleIdInput = z.object({ id: ruleIdSchema });
/** POST /api/rules/reorder: every rule of the book, in its new order. */
export const reorderRulesInput = z.object({
  ruleIds: z
    .array(ruleIdSchema, { error: 'ruleIds must be a list of ids' })
    .min(1, { error: 'ruleIds must not be empty' })
    .max(RULES_PER_BOOK_MAX, { error: `ruleIds has at most ${RULES_PER_BOOK_MAX} ids` }),
});

export const ruleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.number().int(),
    enabled: z.boolean(),
    match: z
      .object({ field: z.enum(RULE_FIELDS), operator: z.enum(RULE_OPERATORS), value: z.string() })
      .nullable(),
    amountMin: z.number().nullable(),
    amountMax: z.number().nullable(),
    currency: z.string().nullable().meta({
      description:
        "ISO 4217 code of the currency amountMin and amountMax are in: the rule's account's. null for a rule without an account, whose range is in units of each entry's own currency",
      example: 'USD',
    }),
    accountId: z.string().nullable(),
    set: z.object({
      categoryId: z.string().nullable(),
      payee: z.string().nullable(),
      tags: z.array(z.string()).nullable(),
      description: z.string().nullable(),
    }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Rule' });
export type Rule = z.infer<typeof ruleSchema>;

export const ruleOutput = envelope(ruleSchema);
/** GET /api/rules and the reorder's answer: the rules, and their ids in order (what reorder takes). */
export const ruleListOutput = envelope(z.array(ruleSchema)).extend({
  order: z.array(z.string()).meta({
    description: 'The ids of data, in order: the ruleIds POST /api/rules/reorder takes',
  }),
});
/** One entry a rule matched, as a rule test lists it. */
const ruleTestEntry = z.object({
  id: z.string(),
  occurredOn: z.string(),
  amount: z.number().meta({
    description: 'Signed, in units of its currency: negative leaves the account',
  }),
  currency: z.string().meta({
    description: "ISO 4217 code of the entry's currency (its account's, or the base currency)",
    example: 'USD',
  }),
  description: z.string(),
  payee: z.string(),
});

export const ruleTestOutput = envelope(
  z.object({
    scanned: z.number().int().meta({ description: 'Entries looked at, newest first' }),
    matched: z.number().int(),
    sample: z.array(ruleTestEntry).meta({ description: 'The first 20 matches, newest first' }),
    changes: z.number().int().meta({
      description:
        'Matched entries the rule would change if applied (transfer legs and entries that already are as the rule sets them left out)',
    }),
    toApply: z
      .array(
        ruleTestEntry.extend({
          accountId: z.string().nullable(),
          version: z
            .number()
            .int()
            .meta({ description: 'What POST /api/rules/apply sends back, to refuse a stale list' }),
        }),
      )
      .meta({
        description: `The first ${RULE_APPLY_MAX} of those entries, newest first: what "apply" takes`,
      }),
  }),
);

export const APPLY_LIMIT_MESSAGE =
  `A rule is applied to at most ${RULE_APPLY_MAX} entries at once: ` +
  'apply it to these, then test it again for the rest';

/**
 * POST /api/rules/apply: a rule (saved or not) applied to the entries its test listed, each with
 * the version the test saw; refused (and nothing changed) when any of them changed since.
 */
export const applyRuleInput = z.object({
  ...ruleDraftSchema.shape,
  entries: z
    .array(
      z.object({
        id: entryIdSchema,
        version: z
          .number({ error: 'version must be a number' })
          .int({ error: 'version must be a whole number' })
          .min(1, { error: 'version must be 1 or more' })
          .max(2_147_483_647, { error: 'version is too large' }),
      }),
      { error: 'entries must be a list of { id, version }' },
    )
    .min(1, { error: 'entries must not be empty' })
    .max(RULE_APPLY_MAX, { error: APPLY_LIMIT_MESSAGE })
    .meta({ example: [{ id: 'c4e8a1d7-2f5b-4c9e-b3a6-7d1e0f8b2a59', version: 1 }] }),
});
export type ApplyRuleInput = z.infer<typeof applyRuleInput>;

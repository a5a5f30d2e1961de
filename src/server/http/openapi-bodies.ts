import type { OpenAPIObject } from 'trpc-to-openapi';
import { MOVEMENT_TYPES } from '../../shared/schemas/ledger.js';
import { ENTRY_TYPE_RULES, createEntryInput } from '../../shared/schemas/entry.js';
import type { RestProcedure } from './rest-procedures.js';

/**
 * Rules on a request body as a whole that the generator cannot read from a refine, published so
 * that the document accepts exactly what the server does (docs/api.md#the-openapi-document):
 *
 * - a body that must change something (an edit refused with "Nothing to change" when it names no
 *   field): `minProperties: 1` and an `anyOf` naming the fields that count (or, when one field
 *   counts, that field required), found by asking the input schema itself with an empty body;
 * - the create body of an entry: one schema per type (oneOf with a discriminator on `type`), from
 *   the same table the input checks (ENTRY_TYPE_RULES): deposits and withdrawals need an account,
 *   only withdrawals and expenses may be split, and a split entry has no category of its own.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema is free-form
type Schema = Record<string, any>;

interface BodyHolder {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Whether the input refuses a body for naming nothing (an issue on the body as a whole). */
function refusesAsAWhole(procedure: RestProcedure, body: Record<string, unknown>): boolean {
  const pathIds = Object.fromEntries(procedure.pathParams.map((name) => [name, SOME_ID]));
  const result = procedure.input?.safeParse({ ...body, ...pathIds });
  return result?.success === false && result.error.issues.some((issue) => issue.path.length === 0);
}

/** `minProperties` and the fields of which one must be there, for an edit that must change something. */
function requireAChange(procedure: RestProcedure, schema: Schema): void {
  if (!refusesAsAWhole(procedure, {})) return;
  const fields = (schema.properties ?? {}) as Record<string, Schema>;
  const properties = Object.keys(fields);
  // A field that does not count as a change (expectedVersion) leaves the body refused on its own.
  const changes = properties.filter((name) => {
    const sample = fields[name]?.type === 'integer' ? 1 : undefined;
    return sample === undefined || !refusesAsAWhole(procedure, { [name]: sample });
  });
  schema.minProperties = 1;
  // One field that counts is simply required; an anyOf of one would be a composition of nothing.
  const [only, ...others] = changes;
  if (only !== undefined && others.length === 0)
    schema.required = [...new Set([...((schema.required ?? []) as string[]), only])];
  else schema.anyOf = changes.map((name) => ({ required: [name] }));
}

const BRANCH_NAMES: Record<(typeof MOVEMENT_TYPES)[number], string> = {
  deposit: 'NewDeposit',
  withdraw: 'NewWithdrawal',
  expense: 'NewExpense',
};

/** The entry create body as one schema per type, each a component the discriminator maps to. */
function entryBodyByType(document: OpenAPIObject, schema: Schema): Schema {
  const properties = schema.properties as Schema;
  const required = (schema.required ?? []) as string[];
  const accountId = properties.accountId as Schema;
  const accountBranch = ((accountId.anyOf ?? []) as Schema[]).find(
    (branch) => branch.type !== 'null',
  );
  const schemas = document.components?.schemas ?? {};
  for (const type of MOVEMENT_TYPES) {
    const rules = ENTRY_TYPE_RULES[type];
    const { splits, ...others } = properties;
    schemas[BRANCH_NAMES[type]] = {
      type: 'object',
      description: `The body of a new ${type}${rules.splittable ? ' (split lines must add up to its amount exactly)' : ''}`,
      properties: {
        ...others,
        type: { type: 'string', const: type },
        ...(rules.needsAccount && {
          accountId: { ...accountBranch, description: `The account of the ${type}` },
        }),
        // Only money going out is split.
        splits: (rules.splittable
          ? splits
          : { not: {}, description: `A ${type} is not split` }) as Schema,
      },
      required: [...required, ...(rules.needsAccount ? ['accountId'] : [])],
      // A split entry has no category of its own: each line carries one.
      ...(rules.splittable && {
        not: {
          required: ['splits', 'categoryId'],
          properties: { splits: { type: 'array' }, categoryId: { type: 'string' } },
        },
      }),
    };
  }
  document.components = { ...document.components, schemas: schemas };
  return {
    // Every field at the top as well, so that a validator that does not follow the discriminator
    // into the branch still knows them all.
    ...schema,
    oneOf: MOVEMENT_TYPES.map((type) => ({ $ref: `#/components/schemas/${BRANCH_NAMES[type]}` })),
    // Each branch has `type` as a required const: what validators need to pick it by the value.
    discriminator: { propertyName: 'type' },
  };
}

export function documentBodyRules(
  document: OpenAPIObject,
  procedures: RestProcedure[],
): OpenAPIObject {
  for (const procedure of procedures) {
    if (!procedure.takesBody) continue;
    const operation = (
      document.paths?.[procedure.route] as Record<string, BodyHolder> | undefined
    )?.[procedure.method.toLowerCase()];
    const content = operation?.requestBody?.content?.['application/json'];
    if (!content?.schema) continue;
    if (procedure.input === createEntryInput) {
      content.schema = entryBodyByType(document, content.schema);
    } else {
      requireAChange(procedure, content.schema);
    }
  }
  return document;
}

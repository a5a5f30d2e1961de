import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Requests generated from a published OpenAPI 3.1 document alone (no route table of ours), as a
 * third-party client or fuzzer would make them: valid ones drawn from each operation's schemas,
 * and invalid ones made by breaking one constraint. Whether a request is valid is decided by a
 * JSON Schema validator over the document, not by the generator (tests/integration/openapi-conformance.test.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema is free-form
export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface DocumentedResponse {
  schema: Schema | undefined;
  /** Header names (lower case) the response must carry. */
  requiredHeaders: string[];
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { schema: Schema; required: boolean; contentTypes: string[] } | undefined;
  responses: Record<string, DocumentedResponse>;
  /** Needs the bearer token (security not emptied on the operation). */
  protected: boolean;
}

/** Every operation of a dereferenced document. */
export function operationsOf(document: Schema): Operation[] {
  const rootProtected = Array.isArray(document.security) && document.security.length > 0;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody?.content ?? {}) as Record<string, { schema: Schema }>;
      const contentTypes = Object.keys(content);
      const security = op.security as unknown[] | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: ((op.parameters ?? []) as Schema[]).map((parameter) => ({
          name: parameter.name as string,
          in: parameter.in as Parameter['in'],
          required: parameter.required === true || parameter.in === 'path',
          schema: parameter.schema as Schema,
        })),
        body:
          contentTypes.length > 0
            ? {
                schema: (content['application/json'] ?? Object.values(content)[0])?.schema ?? {},
                required: op.requestBody.required === true,
                contentTypes,
              }
            : undefined,
        responses: Object.fromEntries(
          Object.entries(op.responses as Record<string, Schema>).map(([status, response]) => [
            status,
            {
              schema: response.content?.['application/json']?.schema as Schema | undefined,
              requiredHeaders: Object.entries((response.headers ?? {}) as Record<string, Schema>)
                .filter(([, header]) => header.required === true)
                .map(([name]) => name.toLowerCase()),
            },
          ]),
        ),
        protected: security === undefined ? rootProtected : security.length > 0,
      });
    }
  }
  return operations;
}

/**
 * multipleOf judged on the number's decimal value, as the server judges "at most two decimals"
 * (src/shared/money.ts): 0.07 is a multiple of 0.01 although 0.07 / 0.01 is not a whole double,
 * and 999999999.99 is one although ajv's division, even with multipleOfPrecision, says no.
 */
export function decimalMultipleOf(step: number, value: number): boolean {
  const places = (String(step).split('.')[1] ?? '').length;
  const scale = 10 ** places;
  const scaled = Math.round(value * scale);
  return scaled / scale === value && scaled % Math.round(step * scale) === 0;
}

function withDecimalMultipleOf(ajv: Ajv2020): Ajv2020 {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    validate: (step: number, value: number) => decimalMultipleOf(step, value),
  });
  return ajv;
}

/** Validators over the document's schemas: strict for JSON bodies, coercing for text parameters. */
export class SchemaJudge {
  private readonly strict = withDecimalMultipleOf(
    addFormats.default(new Ajv2020({ strict: false, allErrors: false })),
  );
  private readonly wire = withDecimalMultipleOf(
    addFormats.default(new Ajv2020({ strict: false, allErrors: false, coerceTypes: true })),
  );
  private readonly cache = new WeakMap<Schema, ValidateFunction>();
  private readonly wireCache = new WeakMap<Schema, ValidateFunction>();

  /** Whether a JSON value satisfies the schema. */
  valid(schema: Schema, value: unknown): boolean {
    let validate = this.cache.get(schema);
    if (!validate) {
      validate = this.strict.compile(schema);
      this.cache.set(schema, validate);
    }
    return validate(value);
  }

  /** The validator's complaint about a JSON value, for failure messages. */
  errorsOf(schema: Schema, value: unknown): string {
    const validate = this.cache.get(schema) ?? this.strict.compile(schema);
    validate(value);
    return this.strict.errorsText(validate.errors);
  }

  /** Whether text sent as a path, query or header parameter satisfies its schema. */
  validText(schema: Schema, text: string): boolean {
    let validate = this.wireCache.get(schema);
    if (!validate) {
      validate = this.wire.compile({ type: 'object', properties: { v: schema } });
      this.wireCache.set(schema, validate);
    }
    return validate({ v: text });
  }
}

/** Real ids by the resource kind an id field names (`x-resource`). */
export type IdSource = (kind: string) => string[];

export interface GeneratedRequest {
  params: Record<string, unknown>;
  /** undefined: no body at all. */
  body: unknown;
  form: boolean;
  /** Sends the bearer token. */
  signedIn: boolean;
}

const word = fc.stringMatching(/^[a-z]{1,10}$/);

/** The patterns a string schema carries, at the top or in allOf. */
function patternsOf(schema: Schema): string[] {
  const own = typeof schema.pattern === 'string' ? [schema.pattern] : [];
  const nested = ((schema.allOf ?? []) as Schema[]).flatMap(patternsOf);
  return [...own, ...nested];
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type as string | string[] | undefined;
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
}

/** Values the schema accepts (checked by the judge, so the generator may be approximate). */
export function validValue(
  schema: Schema,
  judge: SchemaJudge,
  ids: IdSource,
): fc.Arbitrary<unknown> {
  const kind = schema['x-resource'] as string | undefined;
  if (kind) {
    const known = ids(kind);
    return fc.oneof(
      { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.uuid() },
      { weight: 1, arbitrary: fc.uuid() },
      {
        weight: 1,
        arbitrary: (known.length ? fc.constantFrom(...known) : fc.uuid()).map((id) =>
          id.toUpperCase(),
        ),
      },
    );
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  // An object with its fields and a rule over them (oneOf by type, anyOf of required fields):
  // its fields, kept when the whole schema accepts them.
  if (branches && schema.properties) {
    return objectOf(schema, judge, ids).filter((value) => judge.valid(schema, value));
  }
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, judge, ids)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const nullable = Array.isArray(schema.type) && (schema.type as string[]).includes('null');
  const value = valueOfType(schema, judge, ids);
  return nullable ? fc.oneof({ weight: 4, arbitrary: value }, fc.constant(null)) : value;
}

function valueOfType(schema: Schema, judge: SchemaJudge, ids: IdSource): fc.Arbitrary<unknown> {
  const checked = <T>(arbitrary: fc.Arbitrary<T>) =>
    arbitrary.filter((value) => judge.valid(schema, value));
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'email') {
        return checked(fc.tuple(word, word).map(([user, domain]) => `${user}@${domain}.com`));
      }
      if (schema.format === 'date-time') {
        return checked(
          fc
            .date({
              min: new Date('1900-01-01T00:00:00Z'),
              max: new Date('9999-12-31T00:00:00Z'),
              noInvalidDate: true,
            })
            .map((date) => date.toISOString()),
        );
      }
      const [pattern] = patternsOf(schema);
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 40);
      const text = pattern
        ? fc.stringMatching(new RegExp(pattern, 'u'))
        : fc.string({ minLength: (schema.minLength as number | undefined) ?? 0, maxLength });
      return checked(text);
    }
    case 'number': {
      // An amount in its account's currency: the fixtures' accounts are USD, so whole cents are
      // what a client of theirs sends (docs/money.md#account-currency).
      if (schema.multipleOf === 0.01 || schema['x-currency-amount'] === true) {
        const low = BigInt(
          Math.ceil(((schema.exclusiveMinimum as number | undefined) ?? -1e6) * 100) + 1,
        );
        const high = BigInt(Math.floor(((schema.maximum as number | undefined) ?? 1e6) * 100));
        const cents = fc.oneof(
          fc.bigInt({ min: low, max: low + 100_000n < high ? low + 100_000n : high }),
          fc.bigInt({ min: low, max: high }),
        );
        return checked(cents.map((value) => Number(value) / 100));
      }
      return checked(fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    }
    case 'integer':
      return checked(
        fc.integer({
          min: (schema.minimum as number | undefined) ?? -1000,
          max: (schema.maximum as number | undefined) ?? 1000,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return checked(
        fc.array(validValue((schema.items ?? {}) as Schema, judge, ids), { maxLength: 3 }),
      );
    case 'object':
      return objectOf(schema, judge, ids);
    default:
      return fc.constant(null);
  }
}

/** An object with every required property and some of the others. */
function objectOf(
  schema: Schema,
  judge: SchemaJudge,
  ids: IdSource,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc.tuple(
      fc.constant(name),
      required.has(name) ? fc.constant(true) : fc.boolean(),
      validValue(property, judge, ids),
    ),
  );
  return fc
    .tuple(...entries)
    .map((fields) =>
      Object.fromEntries(
        fields.filter(([, present]) => present).map(([name, , value]) => [name, value]),
      ),
    );
}

/** Values that break one constraint of the schema (or its type); the judge has the last word. */
export function brokenValues(schema: Schema): unknown[] {
  const options: unknown[] = [];
  const type = typeOf(schema);
  if (type === 'string' || schema['x-resource']) {
    options.push(42, true, { nested: 'object' });
    if (typeof schema.maxLength === 'number') options.push('x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) options.push('');
    if (Array.isArray(schema.enum)) options.push('bogus-value');
    if (patternsOf(schema).length > 0 || schema.format) {
      options.push('!not valid!', 'a\u0000b', '   ');
    }
  } else if (type === 'number' || type === 'integer') {
    options.push('12', true, null);
    if (typeof schema.minimum === 'number') options.push(schema.minimum - 1);
    if (typeof schema.exclusiveMinimum === 'number') options.push(schema.exclusiveMinimum, -1);
    if (typeof schema.maximum === 'number') options.push(schema.maximum + 1);
    if (schema.multipleOf === 0.01) options.push(1.005, 0.001);
    if (type === 'integer') options.push(1.5);
  } else if (type === 'object') {
    options.push('text', [], 7);
  } else {
    options.push({ unexpected: true }, 'text');
  }
  return options;
}

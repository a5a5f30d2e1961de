import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ProcedureInfo, RestProcedure } from './api-surface.js';
import {
  nonNull,
  resourceFields,
  resourceListOf,
  resourceOf,
  toJsonSchema,
  typeOf,
  type JsonSchema,
} from './json-schema.js';
import { RESOURCE_KINDS, type ResourceKind } from '../../src/shared/schemas/common.js';
import { IdOf, fixtureOf } from './resources.js';

/**
 * Test cases generated from a procedure's input schema (docs/testing.md#derived-tables): the
 * input a careful client sends, and the bad values every field must refuse. Id fields get IdOf
 * placeholders, planted with real ids (plantIds) when a case runs.
 */

/** The routes the authorisation matrix covers: every one that needs a session. */
export function protectedRoutes(procedures: RestProcedure[]): RestProcedure[] {
  return procedures.filter((procedure) => procedure.protected);
}

/**
 * The protected routes whose input names a resource by id, which must answer another user's ids
 * like missing ones. Removals come last, so a broken check cannot hide the routes after it.
 */
export function idRoutes(procedures: RestProcedure[]): RestProcedure[] {
  return protectedRoutes(procedures)
    .filter((procedure) => resourceFields(toJsonSchema(procedure.input)).size > 0)
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** A value a careful client would put in a field. */
export function validValue(schema: JsonSchema): unknown {
  const field = nonNull(schema);
  const kind = resourceOf(field);
  if (kind) return new IdOf(kind);
  const listed = resourceListOf(field);
  if (listed) return [new IdOf(listed)];
  if (field.example !== undefined) return field.example;
  if (field.default !== undefined) return field.default;
  if (field.enum) return field.enum[0];
  switch (typeOf(field)) {
    case 'boolean':
      return true;
    case 'integer':
      return Math.min(field.maximum ?? 10, Math.max(field.minimum ?? 1, 10));
    case 'number':
      return Math.min(field.maximum ?? 12.5, 12.5);
    case 'string': {
      if (field.format === 'email') return 'someone@example.com';
      if (field.format === 'date-time') return '2025-01-01T00:00:00.000Z';
      if (field.pattern) {
        return fc.sample(fc.stringMatching(new RegExp(field.pattern)), { numRuns: 1, seed: 7 })[0];
      }
      const text = 'Example'.padEnd(field.minLength ?? 0, 'x');
      return text.slice(0, field.maxLength ?? text.length);
    }
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

/**
 * The input of a careful client: every required field, and every id field (required or not)
 * with an id planted. Other optional fields are left out: leaving them out is always valid.
 */
export function validInput(procedure: ProcedureInfo): Record<string, unknown> {
  const schema = toJsonSchema(procedure.input);
  const required = new Set(schema.required ?? []);
  // The second field naming a kind (a transfer's toAccountId) is marked, so a caller with two
  // ids of that kind can plant different ones (plantIds).
  const named = new Map<string, number>();
  const nth = (value: unknown): unknown => {
    if (!(value instanceof IdOf)) return value;
    const index = named.get(value.kind) ?? 0;
    named.set(value.kind, index + 1);
    return index === 0 ? value : new IdOf(value.kind, index);
  };
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name, field]) => required.has(name) || resourceOf(field))
      .map(([name, field]) => [name, nth(validValue(field))]),
  );
}

/** What a bad-value case must get: a validation refusal, or the not-found of an id's kind. */
export type Expected = { kind: 'invalid' } | { kind: 'not found'; message: string };

export interface BadValueCase {
  name: string;
  /** The field the case is about: the first validation issue must name it. */
  field: string;
  /** The careful input with this field changed (or left out). */
  input: Record<string, unknown>;
  expected: Expected;
}

const INVALID: Expected = { kind: 'invalid' };
const MALFORMED_IDS: [string, string][] = [
  ['"abc"', 'abc'],
  ['"1 or 1=1"', '1 or 1=1'],
  ['NUL', '\u0000'],
  ['a 300-character string', 'x'.repeat(300)],
  ['a number', 123 as unknown as string],
];

/**
 * Text the field refuses for its form: the first of these its pattern does not match (a pattern
 * may be nothing but the NUL ban), or any of them where only a format or nothing is declared.
 */
function malformedText(field: JsonSchema): [string, unknown, Expected] {
  const malformed: [string, string] = ['malformed', '!not valid!'];
  const withNul: [string, string] = ['text with NUL', 'a\u0000b'];
  let [label, value] = field.pattern || field.format ? malformed : withNul;
  if (field.pattern) {
    const pattern = new RegExp(field.pattern, 'u');
    [label, value] = [malformed, withNul].find(([, text]) => !pattern.test(text)) ?? malformed;
  }
  return [label, value, INVALID];
}

/** The bad values of one field, each with a name. */
function badValues(schema: JsonSchema): [string, unknown, Expected][] {
  const field = nonNull(schema);
  const kind = resourceOf(field);
  if (kind) {
    return [
      ...MALFORMED_IDS.map(([label, id]): [string, unknown, Expected] => [
        `malformed id ${label}`,
        id,
        INVALID,
      ]),
      [
        'unknown id (a random UUID)',
        randomUUID(),
        { kind: 'not found', message: fixtureOf(kind).notFound.message },
      ],
    ];
  }
  const cases: [string, unknown, Expected][] = [];
  switch (typeOf(field)) {
    case 'string':
      cases.push(['a number', 42, INVALID], ['an object', { a: 1 }, INVALID]);
      if (field.maxLength !== undefined) {
        const length = field.maxLength + 1;
        cases.push([`${length} characters`, 'x'.repeat(length), INVALID]);
      }
      if ((field.minLength ?? 0) >= 1) cases.push(['blank', '   ', INVALID]);
      if (field.enum) cases.push(['a value outside its enum', 'bogus-value', INVALID]);
      else cases.push(malformedText(field));
      break;
    case 'number':
    case 'integer':
      cases.push(['numeric text', '10', INVALID], ['a boolean', true, INVALID]);
      if (field.exclusiveMinimum !== undefined) {
        cases.push([
          `${field.exclusiveMinimum} (not above the minimum)`,
          field.exclusiveMinimum,
          INVALID,
        ]);
        cases.push(['-1', -1, INVALID]);
      }
      if (field.minimum !== undefined)
        cases.push([`${field.minimum - 1}`, field.minimum - 1, INVALID]);
      if (field.maximum !== undefined)
        cases.push([`${field.maximum + 1}`, field.maximum + 1, INVALID]);
      if (typeOf(field) === 'integer') cases.push(['1.5', 1.5, INVALID]);
      break;
    case 'boolean':
      cases.push(['text', 'yes', INVALID]);
      break;
  }
  return cases;
}

/** Every field of the procedure's input with each of its bad values, and each required one left out. */
export function badValueCases(procedure: ProcedureInfo): BadValueCase[] {
  const schema = toJsonSchema(procedure.input);
  const base = validInput(procedure);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const missing: BadValueCase[] = required.has(name)
      ? [
          {
            name: `${name} missing`,
            field: name,
            input: Object.fromEntries(Object.entries(base).filter(([key]) => key !== name)),
            expected: INVALID,
          },
        ]
      : [];
    return [
      ...missing,
      ...badValues(field).map(([label, value, expected]): BadValueCase => ({
        name: `${name}: ${label}`,
        field: name,
        input: { ...base, [name]: value },
        expected,
      })),
    ];
  });
}

/** A request only a REST client can get wrong: its raw body, content type or path. */
export interface RawCase {
  name: string;
  /** Replaces the JSON body of the careful input; fields of it are merged in when an object. */
  body?: string | ((careful: Record<string, unknown>) => string);
  contentType?: string;
  /** Replaces the path parameters' text (as it is, not encoded). */
  rawPathValue?: string;
  status: 400 | 413 | 415;
  /** The exact message, or 'schema' for the first issue of the field's own validation. */
  message: string | { field: string; value: number };
}

const ONE_MB = 'x'.repeat(1024 * 1024);
const NOT_JSON = 'Request body is not valid JSON';
const NOT_OBJECT = 'Request body must be a JSON object';

const BAD_BODIES: RawCase[] = [
  { name: 'broken JSON', body: '{"amount": ', status: 400, message: NOT_JSON },
  { name: 'JSON array []', body: '[]', status: 400, message: NOT_OBJECT },
  { name: 'JSON string "str"', body: '"str"', status: 400, message: NOT_OBJECT },
  { name: 'JSON null', body: 'null', status: 400, message: NOT_OBJECT },
  { name: 'JSON number 42', body: '42', status: 400, message: NOT_OBJECT },
  {
    name: 'empty body with a JSON content-type',
    body: '',
    status: 400,
    message: 'Request body is empty but Content-Type is application/json',
  },
  { name: 'NaN literal', body: '{"title": "T", "amount": NaN}', status: 400, message: NOT_JSON },
  {
    name: 'a 1 MB string field',
    body: JSON.stringify({ title: ONE_MB, description: ONE_MB }),
    status: 413,
    message: 'Request body is too large',
  },
  {
    name: 'text/plain body',
    contentType: 'text/plain',
    body: '{"title": "Plain", "amount": 1}',
    status: 415,
    message: 'Unsupported Content-Type: send application/json',
  },
];

const FORM_BODY: RawCase = {
  name: 'form-urlencoded body',
  contentType: 'application/x-www-form-urlencoded',
  body: 'title=Form&amount=1',
  status: 415,
  message: 'Unsupported Content-Type: send application/json',
};

/** The malformed requests of a route: bodies for routes that take one, paths for those with parameters. */
export function rawCases(procedure: RestProcedure): RawCase[] {
  const cases: RawCase[] = [];
  if (procedure.takesBody) {
    // A route with a larger body limit of its own (a file upload) gets a body just above it.
    const limit = procedure.bodyLimit;
    cases.push(
      ...BAD_BODIES.map((c) =>
        c.status === 413 && limit !== undefined
          ? {
              ...c,
              name: 'a string field above its body limit',
              body: JSON.stringify({ title: 'x'.repeat(limit) }),
            }
          : c,
      ),
    );
    // A route that takes forms parses this one; it is no malformed request there.
    if (!procedure.acceptsForm) cases.push(FORM_BODY);
    const schema = toJsonSchema(procedure.input);
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      if (procedure.pathParams.includes(name) || typeOf(nonNull(field)) !== 'number') continue;
      for (const literal of ['1e309', '-1e309']) {
        cases.push({
          name: `${name} ${literal} (parses to ${literal.startsWith('-') ? '-' : ''}Infinity)`,
          body: (careful) =>
            JSON.stringify({ ...careful, [name]: 0 }).replace(
              `"${name}":0`,
              `"${name}":${literal}`,
            ),
          status: 400,
          message: { field: name, value: Number(literal) },
        });
      }
    }
  }
  if (procedure.pathParams.length > 0) {
    cases.push({
      name: 'an undecodable path (%ZZ)',
      rawPathValue: '%ZZ',
      status: 400,
      message: 'Malformed URL: the path is not valid percent-encoding',
    });
  }
  return cases;
}

/**
 * The kinds of resource some route's input names by id: the ones the tables make, plant and
 * remove. A kind no route names yet needs no fixture (tests/helpers/resources.ts).
 */
export function plantedKinds(procedures: RestProcedure[]): ResourceKind[] {
  const named = new Set<ResourceKind>();
  for (const procedure of procedures) {
    for (const kind of resourceFields(toJsonSchema(procedure.input)).values()) named.add(kind);
  }
  return RESOURCE_KINDS.filter((kind) => named.has(kind));
}

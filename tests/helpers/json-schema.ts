import { z } from 'zod';
import type { ResourceKind } from '../../src/shared/schemas/common.js';

/** The parts of a JSON Schema (as zod writes one for an input) the test generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  example?: unknown;
  default?: unknown;
  /** The kind of resource an id field names (resourceMeta in src/shared/schemas/common.ts). */
  'x-resource'?: ResourceKind;
}

/** A procedure's input schema as JSON Schema; no input at all reads as an empty object. */
export function toJsonSchema(input: z.ZodType | undefined): JsonSchema {
  if (!input) return {};
  return z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The schema's own type, or its first non-null one. */
export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.anyOf) return schema.anyOf.map(typeOf).find((type) => type !== 'null');
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** The resource kind an id field names, looking through optional and nullable wrappers. */
export function resourceOf(schema: JsonSchema): ResourceKind | undefined {
  return schema['x-resource'] ?? schema.anyOf?.map(resourceOf).find(Boolean);
}

/** The first branch that is not null: the field as it looks when it is sent. */
export function nonNull(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((branch) => typeOf(branch) !== 'null') ?? schema;
}

/** The resource kind a list of ids names (e.g. the `ids` of a bulk change), if it is one. */
export function resourceListOf(schema: JsonSchema): ResourceKind | undefined {
  const field = nonNull(schema);
  return typeOf(field) === 'array' && field.items ? resourceOf(field.items) : undefined;
}

/** The top-level fields of an object schema that name resources (ids or lists of ids), with their kinds. */
export function resourceFields(schema: JsonSchema): Map<string, ResourceKind> {
  const fields = new Map<string, ResourceKind>();
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const kind = resourceOf(field) ?? resourceListOf(field);
    if (kind) fields.set(name, kind);
  }
  return fields;
}

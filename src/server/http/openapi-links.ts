import type { OpenAPIObject } from 'trpc-to-openapi';
import { LINKS, REQUEST_EXAMPLES } from './openapi-link-table.js';

/**
 * OpenAPI links and request examples: what lets a client that reads only the document create,
 * use, change and delete every kind of resource (docs/api.md#links-and-examples). A link says
 * "after a success of this operation, call that one with these values from its request or
 * answer" (runtime expressions such as `$response.body#/data/id`); an example is a request body
 * that is valid on its own. Both are declared here once, in two small tables keyed by
 * operationId, and checked when the document is built: a link to an unknown operation or
 * parameter stops the server at start.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema is free-form
type Schema = Record<string, any>;

/** A value the schema accepts, from its own example, const, enum or default where it has one. */
export function exampleOf(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches && !schema.properties) {
    return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0]);
  }
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type) as string | undefined;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        ((schema.required ?? []) as string[]).map((name) => [name, exampleOf(properties[name])]),
      );
    }
    case 'array':
      return Array.from({ length: (schema.minItems as number | undefined) ?? 0 }, () =>
        exampleOf(schema.items as Schema),
      );
    case 'string':
      return schema.format === 'date' ? '2025-03-31' : 'Example';
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

interface DocOperation {
  operationId?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: Schema;
    example?: unknown;
  }[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<string, { links?: Record<string, unknown> }>;
}

/** Resolves a local $ref of the document (one level is all the generator writes). */
function resolve(document: OpenAPIObject, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref as string | undefined;
  if (!ref?.startsWith('#/components/schemas/')) return schema;
  return document.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
}

/**
 * Puts an example on every request body and every required parameter, and the links on the
 * answers they start from.
 */
export function documentLinksAndExamples(document: OpenAPIObject): OpenAPIObject {
  const byId = new Map<string, DocOperation>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, DocOperation>)) {
      if (operation.operationId) byId.set(operation.operationId, operation);
    }
  }
  const bodyExample = new Map<string, unknown>();
  for (const [id, operation] of byId) {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.required && parameter.example === undefined) {
        parameter.example = exampleOf(parameter.schema);
      }
    }
    const media = operation.requestBody?.content?.['application/json'];
    if (media?.schema) {
      const schema = resolve(document, media.schema);
      const branch = resolve(document, (schema?.oneOf as Schema[] | undefined)?.[0]);
      const example = id in REQUEST_EXAMPLES ? REQUEST_EXAMPLES[id] : exampleOf(branch ?? schema);
      if (example !== null) media.example = example;
      bodyExample.set(id, example);
    }
  }
  for (const link of LINKS) {
    const from = byId.get(link.from);
    const to = byId.get(link.to);
    // A router without either end (a test's probe router) has no link to publish; a link with
    // one end missing is a misspelt operationId.
    if (!from && !to) continue;
    if (!from || !to) {
      throw new Error(`OpenAPI link ${link.name}: no operation ${from ? link.to : link.from}`);
    }
    for (const name of Object.keys(link.parameters ?? {})) {
      if (!to.parameters?.some((parameter) => parameter.name === name)) {
        throw new Error(`OpenAPI link ${link.name}: ${link.to} has no parameter ${name}`);
      }
    }
    const target = bodyExample.get(link.to);
    if (link.body && !to.requestBody) {
      throw new Error(`OpenAPI link ${link.name}: ${link.to} takes no body`);
    }
    const success = from.responses?.['200'];
    if (!success) throw new Error(`OpenAPI link ${link.name}: ${link.from} has no 200`);
    const requestBody = link.body && {
      ...(target as Record<string, unknown> | null),
      ...link.body,
    };
    success.links = {
      ...success.links,
      [link.name]: {
        operationId: link.to,
        description: link.description,
        ...(link.parameters && { parameters: link.parameters }),
        ...(requestBody && { requestBody }),
        ...(link.anotherPerson && { 'x-another-person': true }),
      },
    };
  }
  return document;
}
